//! The rule options of docs/RULES.md §3 and §7 and the named sets of §4 and
//! §7.8, each preset written as the options it changes from Nine Men's
//! Morris.

use super::board::Board;
use super::Side;

/// Which opposing pieces a mill may take (§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    ProtectedUnlessAll,
    Always,
    Never,
}

/// When a player may fly (§2.4, §7.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flying {
    Off,
    AtThree,
    AtFour,
    Always,
}

/// What a mill closed by a placement does (§7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacingMill {
    Remove,
    FromHand,
    FromHandAgain,
    Mark,
    Count,
}

/// What a full board after the placing leads to (§3, §7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFull {
    Draw,
    Loss,
    LightThenDark,
    DarkThenLight,
    FirstMover,
}

/// What a blocked player does (§7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    Loses,
    Draw,
    Pass,
    RemoveMove,
    RemovePass,
    BothRemove,
}

/// The rule options that decide which turns are legal. The draw rules
/// (n-move, endgame, repetition) do not change the perft count and are read
/// but not kept.
#[derive(Debug)]
pub struct Rules {
    pub board: Board,
    pub pieces: u32,
    pub flying: Flying,
    pub removal: Removal,
    pub one_per_mill: bool,
    pub first: Side,
    pub no_reform: bool,
    pub move_in_placing: bool,
    pub mill_wins: bool,
    pub placing_mill: PlacingMill,
    pub board_full: BoardFull,
    pub blocked: Blocked,
    pub one_time_mill: bool,
    pub custodian: bool,
    pub intervention: bool,
    pub second_moves_first: bool,
    pub misere: bool,
}

/// Each named set as the options it changes from `nine` (§4, §7.8).
fn preset(variant: &str) -> &'static [&'static str] {
    match variant {
        "nine" => &[],
        "three" => &["board=3x3", "pieces=3", "flying=off", "mill-wins=on"],
        "six" => &["board=small", "pieces=6", "flying=off"],
        "twelve" => &["board=diagonals", "pieces=12", "board-full=draw"],
        "morabaraba" => &["board=diagonals", "pieces=12", "board-full=draw", "no-reform=on"],
        "morabaraba-sotho" => &["board=sotho", "pieces=12", "board-full=draw", "no-reform=on"],
        "morabaraba-11" => &["board=diagonals", "pieces=11", "board-full=draw", "no-reform=on"],
        "lasker" => &["pieces=10", "move-in-placing=on"],
        "five" => &["board=small", "pieces=5", "flying=off"],
        "seven" => &["board=seven", "pieces=7", "flying=off"],
        "dooz" => &[
            "board=diagonals",
            "pieces=12",
            "placing-mill=hand",
            "board-full=first-mover",
            "removal=always",
        ],
        "one-time-mill" => &["one-time-mill=on", "removal=always", "mill-takes=each"],
        "cham-gonu" => &[
            "board=diagonals",
            "pieces=12",
            "placing-mill=mark",
            "flying=off",
            "removal=always",
        ],
        "zhi-qi" => &[
            "board=diagonals",
            "pieces=12",
            "placing-mill=mark",
            "board-full=light-dark",
            "blocked=remove-move",
            "flying=off",
            "removal=always",
        ],
        "cheng-san-qi" => &["placing-mill=mark", "flying=off"],
        "da-san-qi" => &[
            "board=diagonals",
            "pieces=12",
            "placing-mill=mark",
            "board-full=loss",
            "second-moves-first=on",
            "flying=off",
            "removal=always",
            "mill-takes=each",
        ],
        "mul-mulan" => &[
            "board=diagonals",
            "flying=off",
            "removal=always",
            "intervention=on",
        ],
        "nerenchi" => &[
            "board=diagonals",
            "pieces=12",
            "second-moves-first=on",
            "removal=always",
        ],
        "el-filja" => &[
            "board=mill",
            "pieces=12",
            "placing-mill=count",
            "flying=off",
            "removal=always",
        ],
        other => panic!("unknown variant `{other}`"),
    }
}

fn bad(key: &str, value: &str) -> ! {
    panic!("bad value `{value}` for `{key}`")
}

fn on(value: &str) -> bool {
    match value {
        "on" => true,
        "off" => false,
        _ => panic!("expected on or off, found `{value}`"),
    }
}

impl Rules {
    /// Reads `nine` or `nine:flying=off,mill-takes=each` (the rules field of
    /// the position text).
    pub fn parse(text: &str) -> Rules {
        let (variant, options) = text.split_once(':').unwrap_or((text, ""));
        let options: Vec<&str> = options.split(',').filter(|o| !o.is_empty()).collect();
        Rules::with_options(variant, &options)
    }

    /// The variant's preset with `key=value` options applied.
    pub fn with_options(variant: &str, options: &[&str]) -> Rules {
        let mut board = "mill".to_string();
        let mut rules = Rules {
            board: Board::named("mill"),
            pieces: 9,
            flying: Flying::AtThree,
            removal: Removal::ProtectedUnlessAll,
            one_per_mill: false,
            first: Side::Light,
            no_reform: false,
            move_in_placing: false,
            mill_wins: false,
            placing_mill: PlacingMill::Remove,
            board_full: BoardFull::Loss,
            blocked: Blocked::Loses,
            one_time_mill: false,
            custodian: false,
            intervention: false,
            second_moves_first: false,
            misere: false,
        };
        for option in preset(variant).iter().chain(options) {
            let (key, value) = option
                .split_once('=')
                .unwrap_or_else(|| panic!("option `{option}` has no value"));
            if key == "board" {
                board = value.to_string();
            } else {
                rules.set(key, value);
            }
        }
        rules.board = Board::named(&board);
        rules
    }

    fn set(&mut self, key: &str, value: &str) {
        match key {
            "pieces" => self.pieces = value.parse().expect("a number of pieces"),
            "flying" => {
                self.flying = match value {
                    "on" => Flying::AtThree,
                    "off" => Flying::Off,
                    "four" => Flying::AtFour,
                    "always" => Flying::Always,
                    _ => bad(key, value),
                }
            }
            "removal" => {
                self.removal = match value {
                    "protected" => Removal::ProtectedUnlessAll,
                    "always" => Removal::Always,
                    "never" => Removal::Never,
                    _ => bad(key, value),
                }
            }
            "mill-takes" => {
                self.one_per_mill = match value {
                    "one" => false,
                    "each" => true,
                    _ => bad(key, value),
                }
            }
            "first" => {
                self.first = match value {
                    "light" => Side::Light,
                    "dark" => Side::Dark,
                    _ => bad(key, value),
                }
            }
            "placing-mill" => {
                self.placing_mill = match value {
                    "remove" => PlacingMill::Remove,
                    "hand" => PlacingMill::FromHand,
                    "hand-again" => PlacingMill::FromHandAgain,
                    "mark" => PlacingMill::Mark,
                    "count" => PlacingMill::Count,
                    _ => bad(key, value),
                }
            }
            "board-full" => {
                self.board_full = match value {
                    "draw" => BoardFull::Draw,
                    "loss" => BoardFull::Loss,
                    "light-dark" => BoardFull::LightThenDark,
                    "dark-light" => BoardFull::DarkThenLight,
                    "first-mover" => BoardFull::FirstMover,
                    _ => bad(key, value),
                }
            }
            "blocked" => {
                self.blocked = match value {
                    "loses" => Blocked::Loses,
                    "draw" => Blocked::Draw,
                    "pass" => Blocked::Pass,
                    "remove-move" => Blocked::RemoveMove,
                    "remove-pass" => Blocked::RemovePass,
                    "both-remove" => Blocked::BothRemove,
                    _ => bad(key, value),
                }
            }
            "no-reform" => self.no_reform = on(value),
            "move-in-placing" => self.move_in_placing = on(value),
            "mill-wins" => self.mill_wins = on(value),
            "one-time-mill" => self.one_time_mill = on(value),
            "custodian" => self.custodian = on(value),
            "intervention" => self.intervention = on(value),
            "second-moves-first" => self.second_moves_first = on(value),
            "misere" => self.misere = on(value),
            "endgame-draw" | "n-move" | "threefold" => {}
            _ => panic!("unknown option `{key}`"),
        }
    }
}
