//! Rooms: a game with a friend far away, with no server of ours.
//!
//! "Play a friend" opens a room: the host sits at the bottom and the top
//! seat is free until the guest opens the invite link. The room then goes
//! on by links (each side sends the whole room after its move) or live
//! over a WebRTC data channel ([`peer`]), where every message is the same
//! whole room. Both sides keep their rooms in `localStorage`.
//!
//! Referee's decisions:
//! - What travels is the whole room ([`codec::Wire`]): rules, the host's
//!   colour, the game's number, its turns as text, a declared end, a
//!   pending offer, names, and each side's action count. The receiver
//!   replays every turn through the rules core ([`decode`]) and then
//!   [`merge`]s: it takes from the other side only what that side may do
//!   (its own turns, its resignation, its offers and answers, its name),
//!   so a link or message can never move, resign or offer for you.
//! - Every room sent is signed by its sender's seat ([`sign`]); the
//!   receiver refuses one that is unsigned, changed, or signed with
//!   another key than the seat's (the model's `merge` and `join`).
//! - An invite carries only the host's side: its turns, no end, no offer
//!   that binds the guest, a free seat.
//! - Each side counts its actions (`seq`); a room whose count for the
//!   sender is not newer than ours is stale or a duplicate and changes
//!   nothing, so an older link never rewinds a room. A link of another
//!   room never touches this one (it opens that room instead, or is refused).
//! - The host has light in the first game unless they pick dark; each
//!   rematch swaps colours, and since light opens, the player who did not
//!   open the last game opens the next one.
//! - Undo, redo and hints are off in a room: take-backs would need the
//!   friend's consent, and hints would help one side.
//! - Anyone holding the invite link can sit in the free seat; with no
//!   server, a second guest cannot be turned away (the link is meant to
//!   be sent to one friend).

pub mod codec;
pub mod ice;
pub mod live;
pub mod lock;
pub mod meeting;
pub mod peer;
pub mod relay;
pub mod settings;
pub mod sign;
pub mod talk;
pub mod tracker;

use morris_core::{Color, Game, Rules, Variant};

use crate::clock::{parse_left, Clocks, TimeControl};
use crate::link::{Declared, Mode};
use codec::{Wire, MAX_GAMES, MAX_MOVES, MAX_NAME, MAX_SIGNAL};

/// Which side of the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Host,
    Guest,
}

impl Role {
    pub const fn index(self) -> usize {
        match self {
            Role::Host => 0,
            Role::Guest => 1,
        }
    }

    pub const fn other(self) -> Role {
        match self {
            Role::Host => Role::Guest,
            Role::Guest => Role::Host,
        }
    }

    pub(crate) const fn tag(self) -> &'static str {
        match self {
            Role::Host => "h",
            Role::Guest => "g",
        }
    }

    fn from_tag(s: &str) -> Option<Role> {
        match s {
            "h" => Some(Role::Host),
            "g" => Some(Role::Guest),
            _ => None,
        }
    }
}

/// The room around the game on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    pub code: String,
    /// Which side this browser is.
    pub me: Role,
    /// The host's colour in the current game.
    pub host_color: Color,
    /// 1 for the first game, one more for each rematch.
    pub game_no: u32,
    /// Actions taken by the host and by the guest.
    pub seq: [u32; 2],
    /// The host's and the guest's names (may be empty).
    pub names: [String; 2],
    /// Whether the guest has sat down.
    pub joined: bool,
    /// A pending rematch offer, by its side.
    pub rematch_by: Option<Role>,
    /// The host's and the guest's public keys, as far as known here
    /// (this side's own is added when a room is signed: [`sign`]).
    pub keys: [String; 2],
}

impl Room {
    /// A new room hosted here, with a fresh code.
    pub fn host(code: String, host_color: Color, name: String) -> Room {
        Room {
            code,
            me: Role::Host,
            host_color,
            game_no: 1,
            seq: [1, 0],
            names: [name, String::new()],
            joined: false,
            rematch_by: None,
            keys: [String::new(), String::new()],
        }
    }

    pub fn color_of(&self, role: Role) -> Color {
        match role {
            Role::Host => self.host_color,
            Role::Guest => !self.host_color,
        }
    }

    pub fn my_color(&self) -> Color {
        self.color_of(self.me)
    }

    /// The colour of the friend far away.
    pub fn remote_color(&self) -> Color {
        self.color_of(self.me.other())
    }

    /// The seats on this screen: this browser's side at the bottom.
    pub fn mode(&self) -> Mode {
        Mode::TwoPlayers {
            bottom: self.my_color(),
        }
    }

    /// Counts an action of this side.
    pub fn acted(&mut self) {
        let i = self.me.index();
        self.seq[i] = self.seq[i].saturating_add(1);
    }

    pub fn name(&self, role: Role) -> &str {
        &self.names[role.index()]
    }
}

/// The live connection to the friend, as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// No live connection: the game goes on by links.
    ByLink,
    /// An exchange is under way (an invite or reply is out).
    Connecting,
    /// The data channel is open: moves flow live.
    Live,
    /// The data channel dropped; a fresh exchange reconnects.
    Lost,
}

impl Connection {
    /// The value of `data-connection`.
    pub const fn id(self) -> &'static str {
        match self {
            Connection::ByLink => "by-link",
            Connection::Connecting => "connecting",
            Connection::Live => "live",
            Connection::Lost => "lost",
        }
    }
}

/// A pending offer, as the wire carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    Draw(Color),
    Rematch(Role),
}

/// A WebRTC description carried by a link, for the live connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signal {
    Offer(String),
    Answer(String),
}

/// What a signed room asks the receiver to check: that `signature` of
/// `text` was made with the private key of `key`, the sender's public key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seal {
    /// The sender's public key, as the room carries it (base64url).
    pub key: String,
    /// The text signed: [`Wire::unsigned_text`].
    pub text: String,
    pub signature: Vec<u8>,
}

/// A room as received, every turn already checked by the rules core.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub from: Role,
    /// The room as the sender sees it (`me` is the sender).
    pub room: Room,
    /// The current game, replayed from its turns (without a declared end).
    pub game: Game,
    pub end: Option<Declared>,
    pub offer: Option<Offer>,
    pub signal: Option<Signal>,
    /// The clocks as the sender left them (the time each side had after
    /// the last turn), if the game is played on time.
    pub clock: Option<Clocks>,
    /// Whether it came by a link (an older link is then worth a word).
    pub by_link: bool,
    /// The sender's signature, if the room is signed.
    pub seal: Option<Seal>,
    /// Whether the seal was checked and holds; set by whoever checks it
    /// ([`Shared::check_seal`]: WebCrypto in the page, a stand-in in tests).
    pub verified: bool,
}

impl Shared {
    /// Checks the seal with `verify` (signature, text, public key).
    pub fn check_seal(&mut self, verify: impl FnOnce(&Seal) -> bool) {
        self.verified = self.seal.as_ref().is_some_and(verify);
    }
}

/// Why a room from a link or message is refused; the room stays as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("{0}")]
    Codec(#[from] codec::CodecError),
    #[error("the room code is malformed")]
    Code,
    #[error("`{0}` is not a side of a room")]
    Field(String),
    #[error("the rules: {0}")]
    Rules(String),
    #[error("too many turns (at most {MAX_MOVES})")]
    TooManyMoves,
    #[error("turn {0} `{1}` is refused: {2}")]
    Move(usize, String, String),
    #[error("the connection data is too long")]
    Signal,
    #[error("this link is for room {0}, not this room")]
    OtherRoom(String),
    #[error("this link came from this browser's own side of the room: send it to your friend")]
    OwnLink,
    #[error("the rules differ from this room's")]
    RulesDiffer,
    #[error("the clocks differ from this room's")]
    ClocksDiffer,
    #[error("it says your time ran out, but your clock still runs")]
    FlagStands,
    #[error("it plays a turn for your side")]
    NotTheirTurn,
    #[error("its game differs from this room's")]
    GamesDiffer,
    #[error("it resigns for you")]
    ResignsForYou,
    #[error("it ends the game in a draw nobody offered")]
    DrawNotOffered,
    #[error("it starts a rematch nobody offered")]
    RematchNotOffered,
    #[error("its game number does not follow this room's")]
    GameNumber,
    #[error("the game number {0} is out of bounds (1 to {MAX_GAMES})")]
    GameOutOfBounds(u32),
    #[error("it is not an invite: that seat is taken already")]
    SeatTaken,
    #[error("the invite plays turn {0} for your side")]
    InvitePlaysForYou(usize),
    #[error("the invite declares an end of the game")]
    InviteEnds,
    #[error("the invite carries an offer only you could make")]
    InviteOffers,
    #[error("it is not signed (a link from an older version of Mulino?): ask your friend to reload the page and send it again")]
    Unsigned,
    #[error("its signature does not match it: it was changed on the way")]
    BadSignature,
    #[error("it is signed with another key than your friend's: it does not come from your friend's seat")]
    WrongKey,
    #[error("a key or signature in it is malformed")]
    Key,
    #[error(
        "your friend's page knows another key for your seat: the invite it came from was changed on the way"
    )]
    NotYourKey,
}

const CODE_CHARS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// Room codes are this long.
pub const CODE_LEN: usize = 8;

/// A room code from random bytes: 8 characters without look-alikes (no
/// `i`, `l`, `o`, `0`, `1`): 31^8 ≈ 8.5e11 codes.
pub fn code_from(bytes: [u8; CODE_LEN]) -> String {
    bytes
        .iter()
        .map(|&b| char::from(CODE_CHARS[b as usize % CODE_CHARS.len()]))
        .collect()
}

fn valid_code(code: &str) -> bool {
    code.len() == CODE_LEN && code.bytes().all(|b| CODE_CHARS.contains(&b))
}

/// The most combining marks kept on one base character.
pub const MAX_MARKS: usize = 2;

/// Characters that change how other text is shown without showing
/// themselves: bidi embeddings, overrides, isolates and marks, zero-width
/// spaces and joiners, the word joiner and invisible operators, the BOM,
/// interlinear annotation marks, the Mongolian vowel separator.
const fn invisible(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}')
}

/// Combining marks (the main blocks): they stack on the character before.
const fn combining(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}' | '\u{0483}'..='\u{0489}' | '\u{0591}'..='\u{05BD}'
        | '\u{0610}'..='\u{061A}' | '\u{064B}'..='\u{065F}' | '\u{0E31}'..='\u{0E3A}'
        | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}'
        | '\u{FE20}'..='\u{FE2F}')
}

/// A name as shown: printable text of bounded width. Control characters
/// and the invisible characters that reorder or hide text are dropped,
/// at most [`MAX_MARKS`] combining marks stay on a character (none
/// without one), whitespace runs become one space, and at most
/// [`MAX_NAME`] characters are kept, marks included. It is only ever
/// rendered as text.
pub fn clean_name(name: &str) -> String {
    let mut out = String::new();
    let (mut kept, mut marks) = (0, MAX_MARKS);
    for c in name.chars().filter(|&c| !c.is_control() && !invisible(c)) {
        if kept == MAX_NAME {
            break;
        }
        if combining(c) {
            if marks == MAX_MARKS {
                continue;
            }
            marks += 1;
        } else if c.is_whitespace() {
            if out.is_empty() || out.ends_with(' ') {
                continue;
            }
            marks = MAX_MARKS;
        } else {
            marks = 0;
        }
        out.push(if c.is_whitespace() { ' ' } else { c });
        kept += 1;
    }
    out.trim_end().to_string()
}

pub(crate) fn rules_text(rules: &Rules) -> String {
    let changes: Vec<String> = rules
        .changes()
        .iter()
        .map(|(k, v)| format!("{}:{v}", k.key()))
        .collect();
    if changes.is_empty() {
        rules.variant.id().to_string()
    } else {
        format!("{};{}", rules.variant.id(), changes.join(","))
    }
}

fn parse_rules(text: &str) -> Result<Rules, Refusal> {
    let (variant, set) = text.split_once(';').unwrap_or((text, ""));
    let variant: Variant = variant.parse().map_err(|e| Refusal::Rules(format!("{e}")))?;
    Rules::with_options(variant, set.split(',').filter(|s| !s.is_empty()))
        .map_err(|e| Refusal::Rules(e.to_string()))
}

/// Checks a received room field by field and replays its turns.
pub fn decode(w: &Wire) -> Result<Shared, Refusal> {
    if !valid_code(&w.c) {
        return Err(Refusal::Code);
    }
    let from = Role::from_tag(&w.f).ok_or_else(|| Refusal::Field(cut(&w.f)))?;
    let rules = parse_rules(&w.r)?;
    let host_color = Color::from_name(&w.h).ok_or_else(|| Refusal::Field(cut(&w.h)))?;
    if !(1..=MAX_GAMES).contains(&w.g) {
        return Err(Refusal::GameOutOfBounds(w.g));
    }
    let texts: Vec<&str> = w.m.split_whitespace().collect();
    if texts.len() > MAX_MOVES {
        return Err(Refusal::TooManyMoves);
    }
    let mut game = Game::new(rules);
    for (i, text) in texts.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| Refusal::Move(i + 1, cut(text), e.to_string()))?;
    }
    let end = match w.e.as_str() {
        "" => None,
        "agreed" => Some(Declared::Agreed),
        "resign-light" => Some(Declared::Resigned(Color::Light)),
        "resign-dark" => Some(Declared::Resigned(Color::Dark)),
        "time-light" => Some(Declared::Flagged(Color::Light)),
        "time-dark" => Some(Declared::Flagged(Color::Dark)),
        other => return Err(Refusal::Field(cut(other))),
    };
    let clock = clock_of(w)?;
    let offer = match w.o.as_str() {
        "" => None,
        "draw-light" => Some(Offer::Draw(Color::Light)),
        "draw-dark" => Some(Offer::Draw(Color::Dark)),
        "rematch-h" => Some(Offer::Rematch(Role::Host)),
        "rematch-g" => Some(Offer::Rematch(Role::Guest)),
        other => return Err(Refusal::Field(cut(other))),
    };
    let signal = match w.x.as_deref() {
        None => None,
        Some(x) if x.len() > MAX_SIGNAL => return Err(Refusal::Signal),
        Some(x) => match x.split_at_checked(2) {
            Some(("o:", sdp)) => Some(Signal::Offer(sdp.to_string())),
            Some(("a:", sdp)) => Some(Signal::Answer(sdp.to_string())),
            _ => return Err(Refusal::Field(cut(x))),
        },
    };
    let seal = seal_of(w, from)?;
    let room = Room {
        code: w.c.clone(),
        me: from,
        host_color,
        game_no: w.g,
        seq: w.s,
        names: [clean_name(&w.n[0]), clean_name(&w.n[1])],
        joined: w.j,
        rematch_by: match offer {
            Some(Offer::Rematch(r)) => Some(r),
            _ => None,
        },
        keys: w.k.clone(),
    };
    Ok(Shared {
        from,
        room,
        game,
        end,
        offer,
        signal,
        clock,
        by_link: false,
        seal,
        verified: false,
    })
}

/// The clocks a room carries: none without `t`; with it, the time left
/// (`l`), the full time for a side it does not name.
fn clock_of(w: &Wire) -> Result<Option<Clocks>, Refusal> {
    if w.t.is_empty() {
        return Ok(None);
    }
    let control = TimeControl::parse(&w.t).ok_or_else(|| Refusal::Field(cut(&w.t)))?;
    let mut clock = Clocks::new(control);
    if !w.l.is_empty() {
        clock.left = parse_left(&w.l).ok_or_else(|| Refusal::Field(cut(&w.l)))?;
    }
    Ok(Some(clock))
}

/// The length of a raw P-256 public key (an uncompressed point) and of
/// an ECDSA P-256 signature as WebCrypto writes it (r and s).
pub const KEY_BYTES: usize = 65;
pub const SIGNATURE_BYTES: usize = 64;

/// The seal a room carries, if it is signed: the sender's key, the text
/// signed and the signature; keys and signature are checked for shape.
fn seal_of(w: &Wire, from: Role) -> Result<Option<Seal>, Refusal> {
    let key_ok = |k: &str| k.is_empty() || codec::unbase64url(k).is_some_and(|b| b.len() == KEY_BYTES);
    if !w.k.iter().all(|k| key_ok(k)) {
        return Err(Refusal::Key);
    }
    if w.z.is_empty() {
        return Ok(None);
    }
    if w.k[from.index()].is_empty() {
        return Err(Refusal::Key);
    }
    let signature = codec::unbase64url(&w.z)
        .filter(|b| b.len() == SIGNATURE_BYTES)
        .ok_or(Refusal::Key)?;
    Ok(Some(Seal {
        key: w.k[from.index()].clone(),
        text: w.unsigned_text(),
        signature,
    }))
}

/// Reads a `#room=…` link payload into a checked room.
pub fn read_link(payload: &str) -> Result<Shared, Refusal> {
    let mut shared = decode(&Wire::from_link(payload)?)?;
    shared.by_link = true;
    Ok(shared)
}

/// The text of the link fragment for a room: `room=…`.
pub fn link_fragment(w: &Wire) -> String {
    format!("room={}", w.to_link())
}

fn cut(s: &str) -> String {
    s.chars().take(24).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_no_look_alikes() {
        let code = code_from([0, 30, 31, 255, 100, 7, 8, 9]);
        assert_eq!(code.len(), CODE_LEN);
        assert!(valid_code(&code));
        assert!(!code.contains(['i', 'l', 'o', '0', '1']));
    }

    #[test]
    fn a_room_in_a_world_set_carries_markers_and_turns_that_only_remove() {
        let wire = |rules: &str, moves: &str| Wire {
            r: rules.into(),
            m: moves.into(),
            // Unsigned: the seal is not what this test is about.
            k: [String::new(), String::new()],
            z: String::new(),
            ..codec::tests::sample()
        };
        let marked = decode(&wire("cheng-san-qi", "a7 a1 d7 d1 g7xa1"));
        assert_eq!(marked.map(|s| s.game.position().markers().count()), Ok(1));
        let mut rules = Variant::ElFilja.rules();
        assert!(rules.apply("pieces=3").is_ok() && rules.apply("removal=protected").is_ok());
        let text = rules_text(&rules);
        let counted = decode(&wire(&text, "a7 a1 d7 b2 g7 f2 xb2xa1"));
        assert_eq!(
            counted.map(|s| s.game.move_texts().last().cloned()),
            Ok(Some("xb2xa1".to_string()))
        );
    }
}
