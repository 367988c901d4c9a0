//! Rule options and the named variants (docs/RULES.md §3 and §4).
//!
//! A [`Rules`] value is the complete rule set of a game: the variant it
//! started from plus every option a host may set. Options are read and
//! written as `key=value` pairs, the same keys the CLI's `--set` takes and
//! the position text and game records carry.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{BoardKind, Color};

/// Which opposing pieces a mill may take (docs/RULES.md §2.6 and §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Removal {
    /// Not a piece in a mill, unless every opposing piece is in a mill.
    Protected,
    /// Any opposing piece.
    Always,
    /// Mills never take pieces.
    Never,
}

impl Removal {
    /// The opposing pieces (`theirs`) one removal may take under this rule.
    #[inline]
    pub(crate) fn removable(self, geo: &crate::Geometry, theirs: crate::Bitboard) -> crate::Bitboard {
        match self {
            Removal::Never => crate::Bitboard::EMPTY,
            Removal::Always => theirs,
            Removal::Protected => {
                let free = theirs.minus(geo.in_mills(theirs));
                if free.any() {
                    free
                } else {
                    theirs
                }
            }
        }
    }
}

/// How many pieces a turn that closes several mills at once removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MillTakes {
    /// One piece, however many mills were closed.
    One,
    /// One piece per mill closed.
    Each,
}

/// What a full board that leaves nobody a move means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardFull {
    Draw,
    /// The side to move is blocked and loses.
    SideToMoveLoses,
    /// Light removes an opposing piece, then dark, then light moves (§7.3).
    LightDark,
    /// Dark removes an opposing piece, then light, then dark moves (§7.3).
    DarkLight,
    /// The side to move removes an opposing piece, then the other side moves (§7.3).
    FirstMover,
}

/// How far a side may fly (docs/RULES.md §2.4 and §7.7), once flying is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlyAt {
    /// With exactly three pieces.
    Three,
    /// With four pieces or fewer.
    Four,
    /// Whenever the hand is empty.
    Always,
}

/// What a mill closed by a placement does (docs/RULES.md §7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlacingMill {
    /// Removes from the board, as in the moving phase.
    Remove,
    /// Takes from the opponent's hand first (Dooz); the opponent plays next.
    Hand,
    /// Takes from the opponent's hand first; the same player plays again.
    HandAgain,
    /// The piece picked stays as a dead marker until the placing ends.
    Mark,
    /// Nothing is removed; the mills are counted when the placing ends.
    Count,
}

/// What a player with no legal move does (docs/RULES.md §7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocked {
    Loses,
    Draw,
    /// The turn passes; both blocked is a draw.
    Pass,
    /// Removes an opposing piece next to one of his, then moves.
    RemoveMove,
    /// Removes an opposing piece next to one of his, then the opponent moves.
    RemovePass,
    /// Removes, the opponent removes one of his, then he moves.
    BothRemove,
}

/// The named variants of docs/RULES.md §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Nine,
    Three,
    Six,
    Twelve,
    Morabaraba,
    MorabarabaSotho,
    Morabaraba11,
    Lasker,
    Five,
    Seven,
    Dooz,
    OneTimeMill,
    ChamGonu,
    ZhiQi,
    ChengSanQi,
    DaSanQi,
    MulMulan,
    Nerenchi,
    ElFilja,
}

impl Variant {
    pub const ALL: [Variant; 8] = [
        Variant::Nine,
        Variant::Three,
        Variant::Six,
        Variant::Twelve,
        Variant::Morabaraba,
        Variant::MorabarabaSotho,
        Variant::Morabaraba11,
        Variant::Lasker,
    ];

    /// The named sets of docs/RULES.md §7.8 (the world's other mill games),
    /// kept out of [`Variant::ALL`] so that hosts offering only the classic
    /// games are not handed sets they have no texts for.
    pub const WORLD: [Variant; 11] = [
        Variant::Five,
        Variant::Seven,
        Variant::Dooz,
        Variant::OneTimeMill,
        Variant::ChamGonu,
        Variant::ZhiQi,
        Variant::ChengSanQi,
        Variant::DaSanQi,
        Variant::MulMulan,
        Variant::Nerenchi,
        Variant::ElFilja,
    ];

    /// Every variant: [`Variant::ALL`] then [`Variant::WORLD`].
    pub fn every() -> impl Iterator<Item = Variant> {
        Variant::ALL.into_iter().chain(Variant::WORLD)
    }

    /// The id: `nine`, `three`, `six`, `twelve`, `morabaraba`,
    /// `morabaraba-sotho`, `morabaraba-11`, `lasker`.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Nine => "nine",
            Variant::Three => "three",
            Variant::Six => "six",
            Variant::Twelve => "twelve",
            Variant::Morabaraba => "morabaraba",
            Variant::MorabarabaSotho => "morabaraba-sotho",
            Variant::Morabaraba11 => "morabaraba-11",
            Variant::Lasker => "lasker",
            Variant::Five => "five",
            Variant::Seven => "seven",
            Variant::Dooz => "dooz",
            Variant::OneTimeMill => "one-time-mill",
            Variant::ChamGonu => "cham-gonu",
            Variant::ZhiQi => "zhi-qi",
            Variant::ChengSanQi => "cheng-san-qi",
            Variant::DaSanQi => "da-san-qi",
            Variant::MulMulan => "mul-mulan",
            Variant::Nerenchi => "nerenchi",
            Variant::ElFilja => "el-filja",
        }
    }

    /// The English name players know it by.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Nine => "Nine Men's Morris",
            Variant::Three => "Three Men's Morris",
            Variant::Six => "Six Men's Morris",
            Variant::Twelve => "Twelve Men's Morris",
            Variant::Morabaraba => "Morabaraba",
            Variant::MorabarabaSotho => "Morabaraba (Sotho)",
            Variant::Morabaraba11 => "Morabaraba, 11 cows",
            Variant::Lasker => "Lasker Morris",
            Variant::Five => "Five Men's Morris",
            Variant::Seven => "Seven Men's Morris",
            Variant::Dooz => "Dooz",
            Variant::OneTimeMill => "One-time mill",
            Variant::ChamGonu => "Cham Gonu",
            Variant::ZhiQi => "Zhi Qi",
            Variant::ChengSanQi => "Cheng San Qi",
            Variant::DaSanQi => "Da San Qi",
            Variant::MulMulan => "Mul-Mulan",
            Variant::Nerenchi => "Nerenchi",
            Variant::ElFilja => "El Filja",
        }
    }

    /// The variant's rules, every option at its preset value.
    pub const fn rules(self) -> Rules {
        let std = Rules::standard(self);
        match self {
            Variant::Nine => std,
            Variant::Three => Rules {
                board: BoardKind::Three,
                pieces: 3,
                flying: false,
                mill_wins: true,
                ..std
            },
            Variant::Six => Rules {
                board: BoardKind::Small,
                pieces: 6,
                flying: false,
                ..std
            },
            Variant::Twelve => Rules {
                board: BoardKind::MillDiagonals,
                pieces: 12,
                board_full: BoardFull::Draw,
                ..std
            },
            Variant::Morabaraba | Variant::MorabarabaSotho | Variant::Morabaraba11 => Rules {
                board: match self {
                    Variant::MorabarabaSotho => BoardKind::Sotho,
                    _ => BoardKind::MillDiagonals,
                },
                pieces: match self {
                    Variant::Morabaraba11 => 11,
                    _ => 12,
                },
                board_full: BoardFull::Draw,
                no_reform: true,
                endgame_draw: Some(10),
                ..std
            },
            Variant::Lasker => Rules {
                pieces: 10,
                move_in_placing: true,
                ..std
            },
            Variant::Five | Variant::Seven => Rules {
                board: match self {
                    Variant::Five => BoardKind::Small,
                    _ => BoardKind::Seven,
                },
                pieces: match self {
                    Variant::Five => 5,
                    _ => 7,
                },
                flying: false,
                ..std
            },
            Variant::Dooz => Rules {
                placing_mill: PlacingMill::Hand,
                board_full: BoardFull::FirstMover,
                ..Rules::twelve_always(self)
            },
            Variant::OneTimeMill => Rules {
                one_time_mill: true,
                removal: Removal::Always,
                mill_takes: MillTakes::Each,
                ..std
            },
            Variant::ChamGonu => Rules {
                placing_mill: PlacingMill::Mark,
                flying: false,
                ..Rules::twelve_always(self)
            },
            Variant::ZhiQi => Rules {
                placing_mill: PlacingMill::Mark,
                board_full: BoardFull::LightDark,
                blocked: Blocked::RemoveMove,
                flying: false,
                ..Rules::twelve_always(self)
            },
            Variant::ChengSanQi => Rules {
                placing_mill: PlacingMill::Mark,
                flying: false,
                ..std
            },
            Variant::DaSanQi => Rules {
                placing_mill: PlacingMill::Mark,
                board_full: BoardFull::SideToMoveLoses,
                second_moves_first: true,
                flying: false,
                mill_takes: MillTakes::Each,
                ..Rules::twelve_always(self)
            },
            Variant::MulMulan => Rules {
                board: BoardKind::MillDiagonals,
                flying: false,
                removal: Removal::Always,
                intervention: true,
                ..std
            },
            Variant::Nerenchi => Rules {
                second_moves_first: true,
                ..Rules::twelve_always(self)
            },
            Variant::ElFilja => Rules {
                board: BoardKind::Mill,
                placing_mill: PlacingMill::Count,
                flying: false,
                ..Rules::twelve_always(self)
            },
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown variant id.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown variant `{0}`: use one of nine, three, six, twelve, morabaraba, morabaraba-sotho, morabaraba-11, lasker, five, seven, dooz, one-time-mill, cham-gonu, zhi-qi, cheng-san-qi, da-san-qi, mul-mulan, nerenchi, el-filja")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let lower = s.to_ascii_lowercase();
        Variant::every()
            .find(|v| v.id() == lower)
            .ok_or_else(|| ParseVariantError(s.chars().take(32).collect()))
    }
}

/// The complete rule set of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The preset this rule set started from; it names the game in texts.
    pub variant: Variant,
    pub board: BoardKind,
    /// Pieces per player: 3, 6, 9, 10, 11 or 12.
    pub pieces: u8,
    /// A player with exactly three pieces and none in hand may fly.
    pub flying: bool,
    pub removal: Removal,
    pub mill_takes: MillTakes,
    /// Who moves first.
    pub first: Color,
    pub board_full: BoardFull,
    /// Morabaraba: the piece that just closed a mill by moving may not move
    /// straight back to close a mill there again on its owner's next turn.
    pub no_reform: bool,
    /// Draw when both sides have had three pieces for this many moves each
    /// without a mill.
    pub endgame_draw: Option<u16>,
    /// Draw after this many moves each, after the placing, without a mill.
    pub n_move_rule: Option<u16>,
    /// The third occurrence of a position draws.
    pub threefold: bool,
    /// Lasker: a player with pieces in hand may move a piece instead.
    pub move_in_placing: bool,
    /// Closing a mill wins the game at once (no removal).
    pub mill_wins: bool,
    /// With `flying` on: how few pieces a side needs to fly (§7.7).
    pub fly_at: FlyAt,
    /// What a mill closed by a placement does (§7.2).
    pub placing_mill: PlacingMill,
    /// What a player with no legal move does (§7.4).
    pub blocked: Blocked,
    /// A line removes only the first time its player completes it (§7.5).
    pub one_time_mill: bool,
    /// Custodian capture (§7.6).
    pub custodian: bool,
    /// Intervention capture (§7.6).
    pub intervention: bool,
    /// The second placer makes the first move of the moving phase (§7.7).
    pub second_moves_first: bool,
    /// Misère: being blocked or left with two pieces wins (§7.7).
    pub misere: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Variant::Nine.rules()
    }
}

/// A rule option key, as written in `key=value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKey {
    Pieces,
    Board,
    Flying,
    Removal,
    MillTakes,
    First,
    BoardFull,
    NoReform,
    EndgameDraw,
    NMove,
    Threefold,
    MoveInPlacing,
    MillWins,
    PlacingMill,
    Blocked,
    OneTimeMill,
    Custodian,
    Intervention,
    SecondMovesFirst,
    Misere,
}

impl RuleKey {
    /// The options of docs/RULES.md §7, kept out of [`RuleKey::ALL`] (as
    /// [`Variant::WORLD`] is kept out of [`Variant::ALL`]).
    pub const WORLD: [RuleKey; 7] = [
        RuleKey::PlacingMill,
        RuleKey::Blocked,
        RuleKey::OneTimeMill,
        RuleKey::Custodian,
        RuleKey::Intervention,
        RuleKey::SecondMovesFirst,
        RuleKey::Misere,
    ];

    /// Every key, [`RuleKey::ALL`] then [`RuleKey::WORLD`]: the order
    /// texts write them in.
    pub fn every() -> impl Iterator<Item = RuleKey> {
        RuleKey::ALL.into_iter().chain(RuleKey::WORLD)
    }

    /// Every key of §3, in the canonical order texts write them.
    pub const ALL: [RuleKey; 13] = [
        RuleKey::Pieces,
        RuleKey::Board,
        RuleKey::Flying,
        RuleKey::Removal,
        RuleKey::MillTakes,
        RuleKey::First,
        RuleKey::BoardFull,
        RuleKey::NoReform,
        RuleKey::EndgameDraw,
        RuleKey::NMove,
        RuleKey::Threefold,
        RuleKey::MoveInPlacing,
        RuleKey::MillWins,
    ];

    /// The key as written: `flying`, `mill-takes`, …
    pub const fn key(self) -> &'static str {
        match self {
            RuleKey::Pieces => "pieces",
            RuleKey::Board => "board",
            RuleKey::Flying => "flying",
            RuleKey::Removal => "removal",
            RuleKey::MillTakes => "mill-takes",
            RuleKey::First => "first",
            RuleKey::BoardFull => "board-full",
            RuleKey::NoReform => "no-reform",
            RuleKey::EndgameDraw => "endgame-draw",
            RuleKey::NMove => "n-move",
            RuleKey::Threefold => "threefold",
            RuleKey::MoveInPlacing => "move-in-placing",
            RuleKey::MillWins => "mill-wins",
            RuleKey::PlacingMill => "placing-mill",
            RuleKey::Blocked => "blocked",
            RuleKey::OneTimeMill => "one-time-mill",
            RuleKey::Custodian => "custodian",
            RuleKey::Intervention => "intervention",
            RuleKey::SecondMovesFirst => "second-moves-first",
            RuleKey::Misere => "misere",
        }
    }

    /// The tag name in game records: `Flying`, `MillTakes`, …
    pub fn tag(self) -> String {
        self.key()
            .split('-')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect()
    }

    /// The key for a record tag name, if the tag names a rule option.
    pub fn from_tag(tag: &str) -> Option<RuleKey> {
        RuleKey::every().find(|k| k.tag().eq_ignore_ascii_case(tag))
    }

    /// The values the key takes, for help texts.
    pub const fn values(self) -> &'static str {
        match self {
            RuleKey::Pieces => "3|5|6|7|9|10|11|12",
            RuleKey::Board => "mill|diagonals|sotho|small|3x3|seven",
            RuleKey::Flying => "on|off|four|always",
            RuleKey::PlacingMill => "remove|hand|hand-again|mark|count",
            RuleKey::Blocked => "loses|draw|pass|remove-move|remove-pass|both-remove",
            RuleKey::OneTimeMill
            | RuleKey::Custodian
            | RuleKey::Intervention
            | RuleKey::SecondMovesFirst
            | RuleKey::Misere
            | RuleKey::NoReform
            | RuleKey::Threefold
            | RuleKey::MoveInPlacing
            | RuleKey::MillWins => "on|off",
            RuleKey::Removal => "protected|always|never",
            RuleKey::MillTakes => "one|each",
            RuleKey::First => "light|dark",
            RuleKey::BoardFull => "draw|loss|light-dark|dark-light|first-mover",
            RuleKey::EndgameDraw | RuleKey::NMove => "off|N (moves each, 1-1000)",
        }
    }

    /// What the option does, in one line.
    pub const fn description(self) -> &'static str {
        match self {
            RuleKey::Pieces => "pieces per player",
            RuleKey::Board => "the board",
            RuleKey::Flying => "flying with three pieces, four or fewer, or always",
            RuleKey::Removal => "removal from mills: protected unless all in mills, always allowed, or never",
            RuleKey::MillTakes => "a turn closing k mills removes one piece, or one per mill",
            RuleKey::First => "who moves first",
            RuleKey::BoardFull => {
                "board full after placing: draw, the side to move loses, or removals (light then dark, dark then light, first mover only)"
            }
            RuleKey::NoReform => "no immediate re-forming of a mill by moving the same piece back",
            RuleKey::EndgameDraw => "draw when both sides have three pieces and no mill within N moves each",
            RuleKey::NMove => "draw after N moves each, after the placing, with no mill closed",
            RuleKey::Threefold => "threefold repetition draws",
            RuleKey::MoveInPlacing => "may move instead of placing while pieces are in hand (Lasker)",
            RuleKey::MillWins => "a mill wins outright (no removal)",
            RuleKey::PlacingMill => {
                "a mill closed by placing: removes from the board, takes from the hand (the opponent or the same player plays next), marks a dead piece, or is counted when the placing ends"
            }
            RuleKey::Blocked => {
                "a player with no move: loses, draws, passes, or removes a piece next to his (then moves, or passes, or both sides remove)"
            }
            RuleKey::OneTimeMill => "a line removes only the first time its player completes it",
            RuleKey::Custodian => "a piece that flanks an opposing piece along a line with another of its own captures it",
            RuleKey::Intervention => "a piece arriving between two opposing pieces on a line captures both",
            RuleKey::SecondMovesFirst => "the second placer makes the first move after the placing",
            RuleKey::Misere => "a blocked player or one left with two pieces wins",
        }
    }
}

impl fmt::Display for RuleKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A rule option that cannot be read or set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("unknown rule option `{0}`; the options are: pieces, board, flying, removal, mill-takes, first, board-full, no-reform, endgame-draw, n-move, threefold, move-in-placing, mill-wins, placing-mill, blocked, one-time-mill, custodian, intervention, second-moves-first, misere")]
    UnknownKey(String),
    #[error("rule option `{key}` takes {expected}, not `{value}`")]
    BadValue {
        key: RuleKey,
        value: String,
        expected: &'static str,
    },
    #[error("rule option `{0}` needs a value: write `{0}=VALUE`")]
    MissingValue(String),
    #[error("{pieces} pieces each do not fit on the {board} board ({points} points)")]
    TooManyPieces {
        pieces: u8,
        board: BoardKind,
        points: usize,
    },
    #[error("placing-mill=mark cannot go with custodian or intervention captures (which piece of a turn's removals becomes a marker would be ambiguous)")]
    MarkWithCaptures,
}

fn on_off(key: RuleKey, v: &str) -> Result<bool, RuleError> {
    match v.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad(key, v)),
    }
}

fn bad(key: RuleKey, v: &str) -> RuleError {
    RuleError::BadValue {
        key,
        value: v.chars().take(32).collect(),
        expected: key.values(),
    }
}

fn moves_limit(key: RuleKey, v: &str) -> Result<Option<u16>, RuleError> {
    if v.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    match v.parse::<u16>() {
        Ok(n) if (1..=1000).contains(&n) => Ok(Some(n)),
        _ => Err(bad(key, v)),
    }
}

const fn show_on(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

impl Rules {
    /// The standard game's options (docs/RULES.md §2) under the given variant name.
    const fn standard(variant: Variant) -> Rules {
        Rules {
            variant,
            board: BoardKind::Mill,
            pieces: 9,
            flying: true,
            removal: Removal::Protected,
            mill_takes: MillTakes::One,
            first: Color::Light,
            board_full: BoardFull::SideToMoveLoses,
            no_reform: false,
            endgame_draw: None,
            n_move_rule: Some(50),
            threefold: true,
            move_in_placing: false,
            mill_wins: false,
            fly_at: FlyAt::Three,
            placing_mill: PlacingMill::Remove,
            blocked: Blocked::Loses,
            one_time_mill: false,
            custodian: false,
            intervention: false,
            second_moves_first: false,
            misere: false,
        }
    }

    /// Twelve men on the board with diagonals, any piece removable: the
    /// base of most §7.8 sets.
    const fn twelve_always(variant: Variant) -> Rules {
        Rules {
            board: BoardKind::MillDiagonals,
            pieces: 12,
            removal: Removal::Always,
            ..Rules::standard(variant)
        }
    }

    /// Whether every §7 option is at its default, so that the classic move
    /// generator applies.
    #[inline]
    pub(crate) const fn classic(&self) -> bool {
        !self.flying_beyond_three()
            && matches!(self.placing_mill, PlacingMill::Remove)
            && matches!(self.blocked, Blocked::Loses)
            && matches!(self.board_full, BoardFull::Draw | BoardFull::SideToMoveLoses)
            && !self.one_time_mill
            && !self.custodian
            && !self.intervention
            && !self.second_moves_first
            && !self.misere
    }

    #[inline]
    const fn flying_beyond_three(&self) -> bool {
        self.flying && !matches!(self.fly_at, FlyAt::Three)
    }

    /// The value of one option, as written.
    pub fn get(&self, key: RuleKey) -> String {
        let limit = |l: Option<u16>| l.map_or_else(|| "off".to_string(), |n| n.to_string());
        match key {
            RuleKey::Pieces => self.pieces.to_string(),
            RuleKey::Board => self.board.id().to_string(),
            RuleKey::Flying => match (self.flying, self.fly_at) {
                (false, _) => "off",
                (true, FlyAt::Three) => "on",
                (true, FlyAt::Four) => "four",
                (true, FlyAt::Always) => "always",
            }
            .into(),
            RuleKey::Removal => match self.removal {
                Removal::Protected => "protected",
                Removal::Always => "always",
                Removal::Never => "never",
            }
            .into(),
            RuleKey::MillTakes => match self.mill_takes {
                MillTakes::One => "one",
                MillTakes::Each => "each",
            }
            .into(),
            RuleKey::First => self.first.name().into(),
            RuleKey::BoardFull => match self.board_full {
                BoardFull::Draw => "draw",
                BoardFull::SideToMoveLoses => "loss",
                BoardFull::LightDark => "light-dark",
                BoardFull::DarkLight => "dark-light",
                BoardFull::FirstMover => "first-mover",
            }
            .into(),
            RuleKey::NoReform => show_on(self.no_reform).into(),
            RuleKey::EndgameDraw => limit(self.endgame_draw),
            RuleKey::NMove => limit(self.n_move_rule),
            RuleKey::Threefold => show_on(self.threefold).into(),
            RuleKey::MoveInPlacing => show_on(self.move_in_placing).into(),
            RuleKey::MillWins => show_on(self.mill_wins).into(),
            RuleKey::PlacingMill => match self.placing_mill {
                PlacingMill::Remove => "remove",
                PlacingMill::Hand => "hand",
                PlacingMill::HandAgain => "hand-again",
                PlacingMill::Mark => "mark",
                PlacingMill::Count => "count",
            }
            .into(),
            RuleKey::Blocked => match self.blocked {
                Blocked::Loses => "loses",
                Blocked::Draw => "draw",
                Blocked::Pass => "pass",
                Blocked::RemoveMove => "remove-move",
                Blocked::RemovePass => "remove-pass",
                Blocked::BothRemove => "both-remove",
            }
            .into(),
            RuleKey::OneTimeMill => show_on(self.one_time_mill).into(),
            RuleKey::Custodian => show_on(self.custodian).into(),
            RuleKey::Intervention => show_on(self.intervention).into(),
            RuleKey::SecondMovesFirst => show_on(self.second_moves_first).into(),
            RuleKey::Misere => show_on(self.misere).into(),
        }
    }

    /// Sets one option from its written value. The result is checked as a
    /// whole by [`Rules::validate`], since `pieces` and `board` depend on
    /// each other.
    pub fn set(&mut self, key: RuleKey, value: &str) -> Result<(), RuleError> {
        let v = value.trim();
        match key {
            RuleKey::Pieces => {
                self.pieces = match v.parse::<u8>() {
                    Ok(n @ (3 | 5 | 6 | 7 | 9 | 10 | 11 | 12)) => n,
                    _ => return Err(bad(key, v)),
                }
            }
            RuleKey::Board => self.board = v.parse().map_err(|_| bad(key, v))?,
            RuleKey::Flying => {
                (self.flying, self.fly_at) = match v.to_ascii_lowercase().as_str() {
                    "four" | "4" => (true, FlyAt::Four),
                    "always" => (true, FlyAt::Always),
                    _ => (on_off(key, v)?, FlyAt::Three),
                }
            }
            RuleKey::Removal => {
                self.removal = match v.to_ascii_lowercase().as_str() {
                    "protected" => Removal::Protected,
                    "always" => Removal::Always,
                    "never" => Removal::Never,
                    _ => return Err(bad(key, v)),
                }
            }
            RuleKey::MillTakes => {
                self.mill_takes = match v.to_ascii_lowercase().as_str() {
                    "one" | "1" => MillTakes::One,
                    "each" | "k" => MillTakes::Each,
                    _ => return Err(bad(key, v)),
                }
            }
            RuleKey::First => self.first = Color::from_name(v).ok_or_else(|| bad(key, v))?,
            RuleKey::BoardFull => {
                self.board_full = match v.to_ascii_lowercase().as_str() {
                    "draw" => BoardFull::Draw,
                    "loss" | "lose" | "side-to-move-loses" => BoardFull::SideToMoveLoses,
                    "light-dark" => BoardFull::LightDark,
                    "dark-light" => BoardFull::DarkLight,
                    "first-mover" => BoardFull::FirstMover,
                    _ => return Err(bad(key, v)),
                }
            }
            RuleKey::NoReform => self.no_reform = on_off(key, v)?,
            RuleKey::EndgameDraw => self.endgame_draw = moves_limit(key, v)?,
            RuleKey::NMove => self.n_move_rule = moves_limit(key, v)?,
            RuleKey::Threefold => self.threefold = on_off(key, v)?,
            RuleKey::MoveInPlacing => self.move_in_placing = on_off(key, v)?,
            RuleKey::MillWins => self.mill_wins = on_off(key, v)?,
            RuleKey::PlacingMill => {
                self.placing_mill = match v.to_ascii_lowercase().as_str() {
                    "remove" => PlacingMill::Remove,
                    "hand" => PlacingMill::Hand,
                    "hand-again" => PlacingMill::HandAgain,
                    "mark" => PlacingMill::Mark,
                    "count" => PlacingMill::Count,
                    _ => return Err(bad(key, v)),
                }
            }
            RuleKey::Blocked => {
                self.blocked = match v.to_ascii_lowercase().as_str() {
                    "loses" | "loss" => Blocked::Loses,
                    "draw" => Blocked::Draw,
                    "pass" => Blocked::Pass,
                    "remove-move" => Blocked::RemoveMove,
                    "remove-pass" => Blocked::RemovePass,
                    "both-remove" => Blocked::BothRemove,
                    _ => return Err(bad(key, v)),
                }
            }
            RuleKey::OneTimeMill => self.one_time_mill = on_off(key, v)?,
            RuleKey::Custodian => self.custodian = on_off(key, v)?,
            RuleKey::Intervention => self.intervention = on_off(key, v)?,
            RuleKey::SecondMovesFirst => self.second_moves_first = on_off(key, v)?,
            RuleKey::Misere => self.misere = on_off(key, v)?,
        }
        Ok(())
    }

    /// Applies one `key=value` pair (the form of the CLI's `--set`).
    pub fn apply(&mut self, pair: &str) -> Result<(), RuleError> {
        let (k, v) = pair
            .split_once(['=', ':'])
            .ok_or_else(|| RuleError::MissingValue(pair.chars().take(32).collect()))?;
        let key: RuleKey = k.trim().parse()?;
        self.set(key, v)
    }

    /// The rules of a variant with `key=value` options applied, validated.
    pub fn with_options<'a>(
        variant: Variant,
        options: impl IntoIterator<Item = &'a str>,
    ) -> Result<Rules, RuleError> {
        let mut rules = variant.rules();
        for pair in options {
            rules.apply(pair)?;
        }
        rules.validate()?;
        Ok(rules)
    }

    /// Checks that the options fit together.
    pub fn validate(&self) -> Result<(), RuleError> {
        let points = self.board.geometry().len();
        if 2 * self.pieces as usize > points {
            return Err(RuleError::TooManyPieces {
                pieces: self.pieces,
                board: self.board,
                points,
            });
        }
        if self.placing_mill == PlacingMill::Mark && (self.custodian || self.intervention) {
            return Err(RuleError::MarkWithCaptures);
        }
        Ok(())
    }

    /// The options that differ from the variant's preset, as `key=value`.
    pub fn changes(&self) -> Vec<(RuleKey, String)> {
        let preset = self.variant.rules();
        RuleKey::every()
            .filter_map(|k| {
                let v = self.get(k);
                (v != preset.get(k)).then_some((k, v))
            })
            .collect()
    }

    /// The board's tables.
    #[inline]
    pub const fn geometry(&self) -> &'static crate::Geometry {
        self.board.geometry()
    }
}

impl FromStr for RuleKey {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<RuleKey, RuleError> {
        let lower = s.to_ascii_lowercase().replace('_', "-");
        RuleKey::every()
            .find(|k| k.key() == lower)
            .ok_or_else(|| RuleError::UnknownKey(s.chars().take(32).collect()))
    }
}

/// Writes `variant` or `variant:key=value,key=value` with the options that
/// differ from the preset: the rules part of the position text.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant.id())?;
        let changes = self.changes();
        for (i, (k, v)) in changes.iter().enumerate() {
            write!(f, "{}{}={}", if i == 0 { ':' } else { ',' }, k, v)?;
        }
        Ok(())
    }
}

/// Text that does not name a variant and valid options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseRulesError {
    #[error(transparent)]
    Variant(#[from] ParseVariantError),
    #[error(transparent)]
    Rule(#[from] RuleError),
}

impl FromStr for Rules {
    type Err = ParseRulesError;
    /// Reads `nine` or `nine:flying=off,mill-takes=each`.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let (name, opts) = match s.split_once(':') {
            Some((n, o)) => (n, Some(o)),
            None => (s, None),
        };
        let mut rules = name.trim().parse::<Variant>()?.rules();
        if let Some(opts) = opts {
            for pair in opts.split(',').filter(|p| !p.trim().is_empty()) {
                let (k, v) = pair
                    .split_once('=')
                    .ok_or_else(|| RuleError::MissingValue(pair.chars().take(32).collect()))?;
                rules.set(k.trim().parse()?, v)?;
            }
        }
        rules.validate()?;
        Ok(rules)
    }
}
