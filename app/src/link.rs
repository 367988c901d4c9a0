//! The link that opens any game, and the same text as the saved game.
//!
//! `#variant=nine&mode=two-players&moves=a1,b2,a4,b4` opens Nine Men's
//! Morris between two people on one screen after those four turns;
//! `mode=vs-engine` adds `level=N` and `color=light|dark` (the human's
//! colour); `set=flying:off,mill-takes:each` changes rule options;
//! `position=` (percent-encoded position text) starts from a position.
//! The saved game in `localStorage` is the same text with the moves taken
//! back (`redo=`) and a declared end (`end=resign-light|agreed|time-dark`).
//! A game at one screen also carries its clocks (`clock=5%2B3&left=L,D`:
//! the control and each side's time, in ms, when the turn in progress
//! began) and the score of the games before it (`score=B-T-D`: wins of the
//! bottom seat, of the top seat, draws), so a reload loses neither.
//! Referee's decision: the clock of the side to move starts again from
//! its time at the start of the turn when the game is opened, as a room's
//! does: the page cannot know how long it stayed closed, and at one screen
//! both players see the reload.

use std::fmt;

#[cfg(test)]
use morris_core::RuleKey;
use morris_core::{ByColor, Color, Game, Move, Position, Rules, Variant};

use crate::clock::{left_text, parse_left, TimeControl};

/// The strongest level the computer plays at.
pub const MAX_LEVEL: u8 = morris_engine::Level::MAX;
/// The level a new game against the computer starts with.
pub const DEFAULT_LEVEL: u8 = 3;
/// The longest link (or save) read, in characters: about three times what
/// [`MAX_TURNS`] turns take.
pub const MAX_CHARS: usize = 32_000;
/// The most turns a link (or save) may carry, played and taken back
/// together: far more than any game runs, few enough to replay at once.
pub const MAX_TURNS: usize = 2_000;

/// Who sits at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two people on one screen; `bottom` is the colour of the player at
    /// the bottom (player 1).
    TwoPlayers { bottom: Color },
    /// A person (at the bottom, playing `human`) against the computer.
    VsEngine { level: u8, human: Color },
}

impl Mode {
    /// The colour of the player at the bottom of the screen.
    pub fn bottom(self) -> Color {
        match self {
            Mode::TwoPlayers { bottom } => bottom,
            Mode::VsEngine { human, .. } => human,
        }
    }

    /// The colour the computer plays, if it plays.
    pub fn engine(self) -> Option<Color> {
        match self {
            Mode::TwoPlayers { .. } => None,
            Mode::VsEngine { human, .. } => Some(!human),
        }
    }

    /// The same seats with the colours swapped (a rematch).
    pub fn swapped(self) -> Mode {
        match self {
            Mode::TwoPlayers { bottom } => Mode::TwoPlayers { bottom: !bottom },
            Mode::VsEngine { level, human } => Mode::VsEngine { level, human: !human },
        }
    }
}

impl Default for Mode {
    fn default() -> Self {
        Mode::TwoPlayers { bottom: Color::Light }
    }
}

/// An end the players declared rather than the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declared {
    Resigned(Color),
    Agreed,
    /// This side's clock ran out.
    Flagged(Color),
}

/// Everything a link or a save names: the game and who plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opened {
    pub mode: Mode,
    pub game: Game,
    /// Turns taken back that redo can replay, next first.
    pub redo: Vec<Move>,
    /// The clocks (two players at one screen): the control and each
    /// side's time left when the turn in progress began.
    pub clock: Option<(TimeControl, ByColor<u64>)>,
    /// The score before this game: bottom seat's wins, top seat's, draws.
    pub score: Option<[u32; 3]>,
}

/// Why a link cannot be opened; the message names the part at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError(pub String);

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, LinkError> {
    Err(LinkError(msg.into()))
}

/// Reads a link (with or without the leading `#`). The bounds
/// ([`MAX_CHARS`], [`MAX_TURNS`]) are checked before any turn is replayed.
pub fn parse(link: &str) -> Result<Opened, LinkError> {
    let text = link.trim().trim_start_matches('#');
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        return err(format!(
            "the link is {chars} characters long, more than the {MAX_CHARS} a link may have"
        ));
    }
    Fields::read(text)?.open()
}

/// A link's fields as written, read before any turn is replayed: what
/// morris-core's `Setup` is to its `Position`, this is to [`Opened`].
struct Fields {
    variant: Variant,
    set: Vec<String>,
    moves: Vec<String>,
    redo: Vec<String>,
    mode: String,
    level: u8,
    color: Option<Color>,
    position: Option<String>,
    end: Option<Declared>,
    control: Option<TimeControl>,
    left: Option<ByColor<u64>>,
    score: Option<[u32; 3]>,
}

impl Default for Fields {
    fn default() -> Self {
        Fields {
            variant: Variant::Nine,
            set: Vec::new(),
            moves: Vec::new(),
            redo: Vec::new(),
            mode: "two-players".to_string(),
            level: DEFAULT_LEVEL,
            color: None,
            position: None,
            end: None,
            control: None,
            left: None,
            score: None,
        }
    }
}

/// The items of a comma-separated field, trimmed, the empty ones left out.
fn list(v: &str) -> Vec<String> {
    v.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

impl Fields {
    /// The fields of a link's text (`key=value` joined by `&`), each
    /// checked for its syntax alone.
    fn read(text: &str) -> Result<Fields, LinkError> {
        let mut fields = Fields::default();
        for field in text.split('&').filter(|f| !f.is_empty()) {
            let Some((key, raw)) = field.split_once('=') else {
                return err(format!("`{}` has no value", cut(field)));
            };
            fields.field(key, decode(raw))?;
        }
        Ok(fields)
    }

    /// Takes one field, its value decoded.
    fn field(&mut self, key: &str, value: String) -> Result<(), LinkError> {
        match key {
            "variant" => match value.parse() {
                Ok(v) => self.variant = v,
                Err(e) => return err(format!("{e}")),
            },
            "mode" => self.mode = value,
            "moves" => self.moves = list(&value),
            "redo" => self.redo = list(&value),
            "set" => self.set = list(&value),
            "level" => match value.parse::<u8>() {
                Ok(n @ 1..=MAX_LEVEL) => self.level = n,
                _ => return err(format!("level `{}` is not 1 to {MAX_LEVEL}", cut(&value))),
            },
            "color" => match value.as_str() {
                "light" => self.color = Some(Color::Light),
                "dark" => self.color = Some(Color::Dark),
                _ => return err(format!("color `{}` is not light or dark", cut(&value))),
            },
            "position" => self.position = Some(value),
            // `+` reads as a space once decoded: a hand-typed `5+3` is taken too.
            "clock" => match TimeControl::parse(&value.replace(' ', "+")) {
                Some(c) => self.control = Some(c),
                None => return err(format!("clock `{}` is not minutes+seconds", cut(&value))),
            },
            "left" => match parse_left(&value) {
                Some(l) => self.left = Some(l),
                None => return err(format!("left `{}` is not two times in ms", cut(&value))),
            },
            "score" => match parse_score(&value) {
                Some(s) => self.score = Some(s),
                None => return err(format!("score `{}` is not wins-wins-draws", cut(&value))),
            },
            "end" => {
                self.end = Some(match value.as_str() {
                    "agreed" => Declared::Agreed,
                    "resign-light" => Declared::Resigned(Color::Light),
                    "resign-dark" => Declared::Resigned(Color::Dark),
                    "time-light" => Declared::Flagged(Color::Light),
                    "time-dark" => Declared::Flagged(Color::Dark),
                    _ => return err(format!("end `{}` is unknown", cut(&value))),
                })
            }
            _ => return err(format!("unknown field `{}`", cut(key))),
        }
        Ok(())
    }

    /// Who sits at the table, as `mode`, `level` and `color` say.
    fn mode(&self) -> Result<Mode, LinkError> {
        match self.mode.as_str() {
            "two-players" | "hot-seat" => Ok(Mode::TwoPlayers {
                bottom: self.color.unwrap_or(Color::Light),
            }),
            "vs-engine" | "vs-computer" => Ok(Mode::VsEngine {
                level: self.level,
                human: self.color.unwrap_or(Color::Light),
            }),
            other => err(format!("mode `{}` is not two-players or vs-engine", cut(other))),
        }
    }

    /// The game the fields name: its rules and start, the turns replayed
    /// (at most [`MAX_TURNS`] with those taken back), its declared end and
    /// its clocks.
    fn open(self) -> Result<Opened, LinkError> {
        let mode = self.mode()?;
        let turns = self.moves.len() + self.redo.len();
        if turns > MAX_TURNS {
            return err(format!(
                "the link carries {turns} turns, more than the {MAX_TURNS} a link may carry"
            ));
        }
        let rules = Rules::with_options(self.variant, self.set.iter().map(String::as_str))
            .map_err(|e| LinkError(e.to_string()))?;
        let mut game = match self.position {
            Some(text) => {
                // The position text names its own rules.
                let pos: Position = text.parse().map_err(|e| LinkError(format!("position: {e}")))?;
                Game::from_position(pos)
            }
            None => Game::new(rules),
        };
        for m in &self.moves {
            game.play_text(m)
                .map_err(|e| LinkError(format!("move `{}`: {e}", cut(m))))?;
        }
        // Redo moves are checked by replaying them on a copy.
        let mut ahead = game.clone();
        let mut redo = Vec::new();
        for m in &self.redo {
            match ahead.play_text(m) {
                Ok(mv) => redo.push(mv),
                Err(e) => return err(format!("redo `{}`: {e}", cut(m))),
            }
        }
        declare(&mut game, self.end);
        let clock = self.control.map(|c| clock(c, self.left, &game));
        Ok(Opened {
            mode,
            game,
            redo,
            clock,
            score: self.score,
        })
    }
}

/// The clocks a link opens with, at one screen (two people, or against
/// the computer): a clock's time at most its control's base plus an
/// increment for every turn made.
fn clock(c: TimeControl, left: Option<ByColor<u64>>, game: &Game) -> (TimeControl, ByColor<u64>) {
    let most = c
        .base_ms
        .saturating_add(c.increment_ms.saturating_mul(game.moves().len() as u64));
    let l = left.unwrap_or(ByColor::new(c.base_ms, c.base_ms));
    (c, ByColor::new(l.light.min(most), l.dark.min(most)))
}

/// Reads `score=B-T-D`.
fn parse_score(text: &str) -> Option<[u32; 3]> {
    let mut parts = text.split('-').map(|p| p.parse::<u32>().ok());
    let s = [parts.next()??, parts.next()??, parts.next()??];
    parts.next().is_none().then_some(s)
}

/// The clock and score fields [`parse`] reads, for a game at one screen
/// (`&clock=5+3&left=L,D&score=B-T-D`; each left out when absent).
pub fn extras(clock: Option<(TimeControl, ByColor<u64>)>, score: Option<[u32; 3]>) -> String {
    let mut out = String::new();
    if let Some((c, left)) = clock {
        out.push_str(&format!("&clock={}&left={}", encode(&c.text()), left_text(left)));
    }
    if let Some([b, t, d]) = score {
        out.push_str(&format!("&score={b}-{t}-{d}"));
    }
    out
}

/// Ends `game` as the players declared (nothing if it is over already).
pub fn declare(game: &mut Game, end: Option<Declared>) {
    match end {
        Some(Declared::Agreed) => {
            let _ = game.agree_draw();
        }
        Some(Declared::Resigned(c)) => {
            let _ = game.resign(c);
        }
        Some(Declared::Flagged(c)) => {
            let _ = game.flag(c);
        }
        None => {}
    }
}

/// Writes the link that opens `game` with these seats.
pub fn format(mode: Mode, game: &Game, redo: &[Move], declared: Option<Declared>) -> String {
    let rules = game.rules();
    let mut out = format!("variant={}", rules.variant.id());
    match mode {
        Mode::TwoPlayers { bottom } => {
            out.push_str("&mode=two-players");
            if bottom == Color::Dark {
                out.push_str("&color=dark");
            }
        }
        Mode::VsEngine { level, human } => {
            out.push_str(&format!("&mode=vs-engine&level={level}&color={}", human.name()));
        }
    }
    let changes = rules.changes();
    if !changes.is_empty() {
        let set: Vec<String> = changes.iter().map(|(k, v)| format!("{}:{v}", k.key())).collect();
        out.push_str(&format!("&set={}", set.join(",")));
    }
    let start = game.start();
    if *start != Position::new(*rules) {
        out.push_str(&format!("&position={}", encode(&start.to_string())));
    }
    let texts = game.move_texts();
    if !texts.is_empty() {
        out.push_str(&format!("&moves={}", texts.join(",")));
    }
    if !redo.is_empty() {
        let mut ahead = game.position().to_owned();
        let mut list = Vec::new();
        for &m in redo {
            list.push(ahead.notation(m));
            ahead = ahead.play(m);
        }
        out.push_str(&format!("&redo={}", list.join(",")));
    }
    match declared {
        Some(Declared::Agreed) => out.push_str("&end=agreed"),
        Some(Declared::Resigned(c)) => out.push_str(&format!("&end=resign-{}", c.name())),
        Some(Declared::Flagged(c)) => out.push_str(&format!("&end=time-{}", c.name())),
        None => {}
    }
    out
}

/// Reads pasted text: a link, a game record, or a position text (a game
/// that starts there), for the seats `mode`. The error says what is wrong.
pub fn read_paste(text: &str, mode: Mode) -> Result<Opened, String> {
    let text = text.trim();
    if text.starts_with('#') || text.starts_with("variant=") || text.contains("#variant=") {
        let hash = text.rsplit_once('#').map_or(text, |(_, h)| h);
        return parse(hash).map_err(|e| e.to_string());
    }
    let opened = |game| Opened {
        mode,
        game,
        redo: Vec::new(),
        clock: None,
        score: None,
    };
    match Game::from_record(text) {
        Ok(game) => Ok(opened(game)),
        Err(record_err) => match text.parse::<Position>() {
            Ok(pos) => Ok(opened(Game::from_position(pos))),
            // A slash is the mark of a position text.
            Err(pos_err) if text.contains('/') => Err(pos_err.to_string()),
            Err(_) => Err(record_err.to_string()),
        },
    }
}

/// The first field of an analysis link: `#analysis&variant=nine&moves=a1,b2`
/// opens that game on the analysis board instead of the table.
pub const ANALYSIS_MARK: &str = "analysis";

/// The link text that opens `game` (its start and moves, no seats, no
/// declared end) on the analysis board.
pub fn analysis_link(game: &Game) -> String {
    let text = format(Mode::default(), game, &[], None);
    format!("{ANALYSIS_MARK}&{}", text.replacen("&mode=two-players", "", 1))
}

/// The game link inside an analysis link (with or without `#`, or a whole
/// address holding one), if the text is one.
pub fn analysis_payload(text: &str) -> Option<&str> {
    marked_payload(text, ANALYSIS_MARK)
}

/// The fields after `mark` in a link whose first field is `mark` (with or
/// without `#`, or a whole address holding one), if the text is one.
pub fn marked_payload<'a>(text: &'a str, mark: &str) -> Option<&'a str> {
    let text = text.trim();
    let hash = text.rsplit_once('#').map_or(text, |(_, h)| h);
    let rest = hash.strip_prefix(mark)?;
    if rest.is_empty() {
        return Some(rest);
    }
    rest.strip_prefix('&')
}

fn cut(s: &str) -> String {
    s.chars().take(32).collect()
}

/// Percent-encodes what a URL fragment field cannot hold as is.
pub fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~:,/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Undoes [`encode`] (and `+` for a space); a bad escape stays as written.
pub fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(s.get(i + 1..i + 3).unwrap_or("zz"), 16) {
                    Ok(v) => {
                        out.push(v);
                        i += 3;
                        continue;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_and_score_fields_are_read_and_bad_ones_refused() {
        let o = parse("variant=nine&clock=5+3&left=1000,299000000&score=2-1-0").ok();
        let o = o.unwrap_or_else(|| unreachable!());
        let (c, left) = o.clock.unwrap_or_else(|| unreachable!());
        assert_eq!(c.text(), "5+3");
        assert_eq!(
            (left.light, left.dark),
            (1000, 300_000),
            "at most the base plus the increments earned"
        );
        assert_eq!(o.score, Some([2, 1, 0]));
        for bad in [
            "clock=5",
            "clock=999+0",
            "left=1",
            "left=a,b",
            "score=1-2",
            "score=1-2-3-4",
            "score=x-1-1",
        ] {
            assert!(parse(&format!("variant=nine&{bad}")).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_documented_link_opens() {
        let Ok(o) = parse("#variant=nine&mode=two-players&moves=a1,b2,a4,b4") else {
            unreachable!()
        };
        assert_eq!(o.game.move_texts(), ["a1", "b2", "a4", "b4"]);
        assert_eq!(o.mode, Mode::TwoPlayers { bottom: Color::Light });
    }

    #[test]
    fn options_level_and_colour() {
        let link = "#variant=nine&mode=vs-engine&moves=a1&set=flying:off,mill-takes:each&level=3&color=dark";
        let Ok(o) = parse(link) else { unreachable!() };
        assert!(!o.game.rules().flying);
        assert_eq!(
            o.mode,
            Mode::VsEngine {
                level: 3,
                human: Color::Dark
            }
        );
        let again = format(o.mode, &o.game, &o.redo, None);
        assert_eq!(parse(&again), Ok(o));
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        for (link, word) in [
            ("#variant=ten", "ten"),
            ("#moves=a1,a1", "a1"),
            ("#mode=chess", "chess"),
            ("#set=flying:maybe", "flying"),
            ("#level=99&mode=vs-engine", "99"),
            ("#colour=light", "colour"),
            ("#moves", "moves"),
        ] {
            match parse(link) {
                Err(LinkError(msg)) => assert!(msg.contains(word), "{link}: {msg}"),
                Ok(_) => unreachable!("{link} opened"),
            }
        }
    }

    #[test]
    fn saves_keep_redo_start_position_and_declared_end() {
        let Ok(mut o) = parse("#variant=six&moves=a1,b2,c1") else {
            unreachable!()
        };
        let Some(m) = o.game.undo() else { unreachable!() };
        let text = format(o.mode, &o.game, &[m], Some(Declared::Resigned(Color::Dark)));
        let Ok(back) = parse(&text) else {
            unreachable!("{text}")
        };
        assert_eq!(back.redo, vec![m]);
        assert!(back.game.outcome().is_some());
        let text = format(o.mode, &o.game, &[], Some(Declared::Flagged(Color::Light)));
        assert!(text.ends_with("&end=time-light"), "{text}");
        let Ok(back) = parse(&text) else {
            unreachable!("{text}")
        };
        assert_eq!(
            back.game.outcome(),
            Some(morris_core::Outcome::win(Color::Dark, morris_core::Reason::Time))
        );

        let Ok(mut p) = parse("#variant=nine&moves=a1,b2") else {
            unreachable!()
        };
        let start = *p.game.position();
        p.game = Game::from_position(start);
        let text = format(p.mode, &p.game, &[], None);
        let Ok(back) = parse(&text) else {
            unreachable!("{text}")
        };
        assert_eq!(*back.game.start(), start);
    }

    #[test]
    fn pastes_records_positions_and_links() {
        let mode = Mode::default();
        let Ok(o) = read_paste("[Variant \"nine\"]\n1. d6 a4 2. d2 b4", mode) else {
            unreachable!()
        };
        assert_eq!(o.game.move_texts(), ["d6", "a4", "d2", "b4"]);
        let pos = o.game.position().to_string();
        let Ok(p) = read_paste(&pos, mode) else {
            unreachable!()
        };
        assert_eq!(p.game.position().to_string(), pos);
        assert!(p.game.moves().is_empty());
        let Ok(l) = read_paste("http://x/#variant=six&moves=a1", mode) else {
            unreachable!()
        };
        assert_eq!(l.game.rules().variant, Variant::Six);
        assert!(read_paste("nonsense", mode).is_err());
        assert!(read_paste("nine ../.. L", mode).is_err_and(|e| !e.is_empty()));
    }

    #[test]
    fn links_are_bounded_before_any_turn_is_replayed() {
        let huge = format!("#variant=nine&moves={}", "a1-a4,".repeat(80_000));
        let started = std::time::Instant::now();
        match parse(&huge) {
            Err(LinkError(msg)) => assert!(msg.contains(&MAX_CHARS.to_string()), "{msg}"),
            Ok(_) => unreachable!("a 480 KB link opened"),
        }
        let many = format!("#variant=nine&moves={}", "a1,".repeat(MAX_TURNS + 1));
        assert!(many.len() < MAX_CHARS);
        match parse(&many) {
            Err(LinkError(msg)) => assert!(msg.contains(&MAX_TURNS.to_string()), "{msg}"),
            Ok(_) => unreachable!("{} turns opened", MAX_TURNS + 1),
        }
        let redo = format!("#variant=nine&moves=a1&redo={}", "b2,".repeat(MAX_TURNS));
        assert!(parse(&redo).is_err_and(|e| e.0.contains("turns")));
        assert!(started.elapsed().as_millis() < 1000);
    }

    #[test]
    fn analysis_links_round_trip() {
        let Ok(o) = parse("#variant=six&moves=a1,b2") else {
            unreachable!()
        };
        let text = analysis_link(&o.game);
        assert_eq!(text, "analysis&variant=six&moves=a1,b2");
        let address = format!("http://x/#{text}");
        let Some(inner) = analysis_payload(&address) else {
            unreachable!()
        };
        assert_eq!(parse(inner).map(|b| b.game), Ok(o.game.clone()));
        let start = *o.game.position();
        let text = analysis_link(&Game::from_position(start));
        assert!(text.starts_with("analysis&variant=six&position="), "{text}");
        let back = analysis_payload(&text).map(parse);
        assert_eq!(back.and_then(Result::ok).map(|b| *b.game.position()), Some(start));
        assert_eq!(analysis_payload("#analysis"), Some(""));
        assert_eq!(analysis_payload("#variant=nine"), None);
        assert_eq!(analysis_payload("#analysisx=1"), None);
    }

    #[test]
    fn encoding_round_trips() {
        let s = "nine .../... L 9/9 0/0 - #&=%+é";
        assert_eq!(decode(&encode(s)), s);
        assert_eq!(decode("%zz%4"), "%zz%4");
    }

    /// A game of `rules` played `plies` turns deep with a turn picked by
    /// a simple counter, so that every kind of turn comes up.
    fn played(rules: Rules, plies: usize) -> Game {
        let mut game = Game::new(rules);
        for i in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = legal[(i * 7) % legal.len()];
            assert!(game.play(m).is_ok());
        }
        game
    }

    #[test]
    fn every_world_set_and_option_round_trips_through_a_link() {
        for variant in Variant::WORLD {
            let game = played(variant.rules(), 60);
            let text = format(Mode::default(), &game, &[], None);
            assert!(text.starts_with(&format!("variant={}&", variant.id())), "{text}");
            let back = parse(&text).map(|o| o.game);
            assert_eq!(back.as_ref(), Ok(&game), "{text}");
        }
        for key in RuleKey::WORLD {
            for value in key.values().split('|') {
                let mut rules = Variant::Nine.rules();
                if rules.set(key, value).is_err() {
                    continue;
                }
                let game = played(rules, 40);
                let text = format(Mode::default(), &game, &[], None);
                assert_eq!(parse(&text).map(|o| o.game), Ok(game), "{text}");
            }
        }
    }

    #[test]
    fn world_turns_and_positions_with_markers_and_removals_due_open_from_links() {
        // A blocked player passes; a turn that only removes; markers and a
        // removal due written in the position text.
        let blocked = "LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -";
        let pos = encode(&format!("nine:blocked=remove-move {blocked}"));
        let Ok(o) = parse(&format!(
            "variant=nine&set=blocked:remove-move&position={pos}&moves=xd7,a7-d7"
        )) else {
            unreachable!()
        };
        assert_eq!(o.game.move_texts(), ["xd7", "a7-d7"]);
        let pos = encode(&format!("nine:blocked=pass {blocked}"));
        let Ok(o) = parse(&format!("variant=nine&position={pos}&moves=pass")) else {
            unreachable!()
        };
        assert_eq!(o.game.move_texts(), ["pass"]);
        let Ok(o) = parse("variant=cheng-san-qi&moves=a7,a1,d7,d1,g7xa1") else {
            unreachable!()
        };
        let marked = *o.game.position();
        assert_eq!(marked.markers().count(), 1);
        let text = analysis_link(&Game::from_position(marked));
        let back = analysis_payload(&text).map(parse);
        assert_eq!(
            back.and_then(Result::ok).map(|b| *b.game.position()),
            Some(marked)
        );
        let Ok(o) = parse("variant=el-filja&set=pieces:3,removal:protected&moves=a7,a1,d7,b2,g7,f2") else {
            unreachable!()
        };
        let due = *o.game.position();
        assert!(due.due().is_some());
        let again = format(Mode::default(), &Game::from_position(due), &[], None);
        assert_eq!(parse(&again).map(|b| *b.game.position()), Ok(due), "{again}");
    }
}
