//! The analysis on the wire between the page and the worker: one line of
//! text a message, as the computer's own requests and replies are
//! (`crate::engine`), so that both sides are tested natively.
//!
//! The page says `a <epoch> <game link>` (think about the game's position
//! until told otherwise; `an` when the page reads Nine's tables for range
//! reads itself, in a worker of their own: `crate::analysis::web_worker`)
//! or `s` (stop). The worker answers, under the
//! epoch it was asked with, the best lines after each finished search
//! (`al`) and, where the endgame tables or a solve cover the position, the
//! exact value of every legal move (`ae`). Fields are separated by tabs.

use morris_engine::Score;
use morris_solver::Value;

use crate::tablebase::{self, Probe};

/// What the page asks of the analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToAnalysis {
    /// Think about the position of this game (link text) from now on;
    /// `web`: also give the exact values Nine's tables for range reads
    /// have (the analysis board asks them of a worker of their own, which
    /// answers while this one searches).
    Analyse { epoch: u32, game: String, web: bool },
    /// Think no more.
    Stop,
}

/// One line of play the search expects: its score for the side to move
/// and its turns in notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    pub score: Score,
    pub moves: Vec<String>,
}

/// [`Exact::Unserved`] on the wire (no move's notation, no probe's answer).
const UNSERVED: &str = "unserved";

/// What is exactly known of a position's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exact {
    /// Each legal move, in notation, with its value for the side making it.
    Values(Vec<(String, Value)>),
    /// A table the position needs is being fetched (or a class solved).
    Loading,
    /// A table it needs cannot be had (offline, say).
    Missing,
    /// Nine's tables for range reads cover it, but blocks its moves need
    /// are not kept on this device and the network is out of reach.
    Network,
    /// Only Nine's tables for range reads would answer it, and the site
    /// serves none (its host answered: no set there).
    Unserved,
}

/// What the analysis says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromAnalysis {
    /// The worker could not start, or broke.
    Failed(String),
    /// The best lines (best first) after a finished search to `depth`;
    /// `done` when the search goes no deeper.
    Lines {
        epoch: u32,
        depth: u32,
        done: bool,
        lines: Vec<PvLine>,
    },
    Exact {
        epoch: u32,
        exact: Exact,
    },
}

impl ToAnalysis {
    pub fn encode(&self) -> String {
        match self {
            ToAnalysis::Analyse { epoch, game, web } => {
                let kind = if *web { "a" } else { "an" };
                format!("{kind}\t{epoch}\t{game}")
            }
            ToAnalysis::Stop => "s".into(),
        }
    }

    pub fn decode(text: &str) -> Option<ToAnalysis> {
        if text == "s" {
            return Some(ToAnalysis::Stop);
        }
        let (kind, rest) = text.split_once('\t')?;
        let web = match kind {
            "a" => true,
            "an" => false,
            _ => return None,
        };
        let (epoch, game) = rest.split_once('\t')?;
        Some(ToAnalysis::Analyse {
            epoch: epoch.parse().ok()?,
            game: game.to_string(),
            web,
        })
    }
}

fn score_text(score: Score) -> String {
    match score {
        Score::Value(v) => format!("c{v}"),
        Score::Win(n) => format!("w{n}"),
        Score::Loss(n) => format!("l{n}"),
    }
}

fn read_score(text: &str) -> Option<Score> {
    let (kind, n) = text.split_at_checked(1)?;
    Some(match kind {
        "c" => Score::Value(n.parse().ok()?),
        "w" => Score::Win(n.parse().ok()?),
        "l" => Score::Loss(n.parse().ok()?),
        _ => return None,
    })
}

impl FromAnalysis {
    pub fn encode(&self) -> String {
        match self {
            FromAnalysis::Failed(why) => format!("failed\t{why}"),
            FromAnalysis::Lines {
                epoch,
                depth,
                done,
                lines,
            } => {
                let mut out = format!("al\t{epoch}\t{depth}\t{}", u8::from(*done));
                for line in lines {
                    out.push('\t');
                    out.push_str(&score_text(line.score));
                    for m in &line.moves {
                        out.push(' ');
                        out.push_str(m);
                    }
                }
                out
            }
            FromAnalysis::Exact { epoch, exact } => {
                let body = match exact {
                    Exact::Loading => tablebase::encode(Probe::Loading),
                    Exact::Missing => tablebase::encode(Probe::Missing),
                    Exact::Network => tablebase::encode(Probe::Network),
                    Exact::Unserved => UNSERVED.into(),
                    Exact::Values(moves) => moves
                        .iter()
                        .map(|(m, v)| format!("{m}={}", tablebase::encode(Probe::Value(*v))))
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                format!("ae\t{epoch}\t{body}")
            }
        }
    }

    pub fn decode(text: &str) -> Option<FromAnalysis> {
        if let Some(why) = text.strip_prefix("failed\t") {
            return Some(FromAnalysis::Failed(why.to_string()));
        }
        if let Some(rest) = text.strip_prefix("ae\t") {
            let (epoch, body) = rest.split_once('\t')?;
            let exact = match tablebase::decode(body) {
                _ if body == UNSERVED => Exact::Unserved,
                Some(Probe::Loading) => Exact::Loading,
                Some(Probe::Missing) => Exact::Missing,
                Some(Probe::Network) => Exact::Network,
                _ => Exact::Values(
                    body.split_whitespace()
                        .map(|pair| {
                            let (m, v) = pair.split_once('=')?;
                            match tablebase::decode(v)? {
                                Probe::Value(v) => Some((m.to_string(), v)),
                                _ => None,
                            }
                        })
                        .collect::<Option<_>>()?,
                ),
            };
            return Some(FromAnalysis::Exact {
                epoch: epoch.parse().ok()?,
                exact,
            });
        }
        let mut f = text.strip_prefix("al\t")?.split('\t');
        let epoch = f.next()?.parse().ok()?;
        let depth = f.next()?.parse().ok()?;
        let done = f.next()? == "1";
        let lines = f
            .map(|line| {
                let mut words = line.split(' ');
                let score = read_score(words.next()?)?;
                Some(PvLine {
                    score,
                    moves: words.filter(|w| !w.is_empty()).map(str::to_string).collect(),
                })
            })
            .collect::<Option<_>>()?;
        Some(FromAnalysis::Lines {
            epoch,
            depth,
            done,
            lines,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_cross_the_wire() {
        for r in [
            ToAnalysis::Analyse {
                epoch: 12,
                game: "variant=nine&moves=a1,b2".into(),
                web: true,
            },
            ToAnalysis::Analyse {
                epoch: 13,
                game: "variant=nine&moves=a1".into(),
                web: false,
            },
            ToAnalysis::Stop,
        ] {
            assert_eq!(ToAnalysis::decode(&r.encode()), Some(r));
        }
        for bad in [
            "",
            "a\t1",
            "a\tx\tvariant=nine",
            "an\t1",
            "ab\t1\tvariant=nine",
            "q\t1\t3\t0\tvariant=nine",
            "stop",
        ] {
            assert_eq!(ToAnalysis::decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn answers_cross_the_wire() {
        let line = |score, moves: &[&str]| PvLine {
            score,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        };
        for msg in [
            FromAnalysis::Lines {
                epoch: 3,
                depth: 14,
                done: false,
                lines: vec![
                    line(Score::Value(-120), &["d6-d5xb4", "a1", "g7"]),
                    line(Score::Win(7), &["a4"]),
                    line(Score::Loss(12), &[]),
                ],
            },
            FromAnalysis::Lines {
                epoch: 0,
                depth: 0,
                done: true,
                lines: Vec::new(),
            },
            FromAnalysis::Exact {
                epoch: 9,
                exact: Exact::Values(vec![
                    ("a1-a4".into(), Value::Win(7)),
                    ("b2".into(), Value::Draw),
                    ("c3xd6".into(), Value::Loss(30)),
                ]),
            },
            FromAnalysis::Exact {
                epoch: 9,
                exact: Exact::Values(Vec::new()),
            },
            FromAnalysis::Exact {
                epoch: 1,
                exact: Exact::Loading,
            },
            FromAnalysis::Exact {
                epoch: 1,
                exact: Exact::Missing,
            },
            FromAnalysis::Exact {
                epoch: 2,
                exact: Exact::Network,
            },
            FromAnalysis::Exact {
                epoch: 3,
                exact: Exact::Unserved,
            },
            FromAnalysis::Failed("NetworkError".into()),
        ] {
            assert_eq!(
                FromAnalysis::decode(&msg.encode()),
                Some(msg.clone()),
                "{}",
                msg.encode()
            );
        }
        for bad in [
            "",
            "al\t1\t2",
            "al\tx\t2\t0",
            "al\t1\t2\t0\tz5 a1",
            "ae\t1\ta1=q",
            "ae\t1\ta1",
            "ready",
            "r\t1\t0\ta1\t5",
        ] {
            assert_eq!(FromAnalysis::decode(bad), None, "{bad}");
        }
    }
}
