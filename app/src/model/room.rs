//! Rooms as the model sees them: the room on the table sent as a wire
//! ([`share`]), a room joined from an invite ([`join`]) or restored from
//! this browser ([`restore`]), the line about a kept room ([`summary`]),
//! and [`merge`], which takes from a room sent by the other side only
//! what that side may do. The room's own types and its wire are in
//! [`crate::room`]; the rules of trust are its module's documentation.

use morris_core::Color;

use super::{Model, Notice};
use crate::clock::left_text;
use crate::link::{declare, Declared};
use crate::room::codec::{self, Wire};
use crate::room::{rules_text, Offer, Refusal, Role, Room, Shared, Signal};

/// What merging a room from the other side did.
#[derive(Clone, Debug, PartialEq)]
pub enum Merged {
    /// Nothing newer: a duplicate, or an older link or message.
    Stale,
    /// The room was brought up to date; a notice if something needs saying.
    Updated(Box<Model>),
}

/// The room on the table as the wire carries it, from this side.
pub fn share(model: &Model, room: &Room, signal: Option<&Signal>) -> Wire {
    let end = match model.declared() {
        Some(Declared::Agreed) => "agreed".to_string(),
        Some(Declared::Resigned(c)) => format!("resign-{}", c.name()),
        Some(Declared::Flagged(c)) => format!("time-{}", c.name()),
        None => String::new(),
    };
    let offer = match (model.draw_offer, room.rematch_by) {
        (Some(c), _) => format!("draw-{}", c.name()),
        (None, Some(r)) => format!("rematch-{}", r.tag()),
        (None, None) => String::new(),
    };
    let clock = model.clock.as_ref();
    Wire {
        v: if clock.is_some() {
            codec::VERSION
        } else {
            codec::UNTIMED
        },
        c: room.code.clone(),
        f: room.me.tag().to_string(),
        r: rules_text(model.game.rules()),
        h: room.host_color.name().to_string(),
        g: room.game_no,
        m: model.game.move_texts().join(" "),
        e: end,
        o: offer,
        s: room.seq,
        n: room.names.clone(),
        j: room.joined,
        x: signal.map(|s| match s {
            Signal::Offer(sdp) => format!("o:{sdp}"),
            Signal::Answer(sdp) => format!("a:{sdp}"),
        }),
        k: room.keys.clone(),
        t: clock.map(|c| c.control.text()).unwrap_or_default(),
        l: clock.map(|c| left_text(c.left)).unwrap_or_default(),
        z: String::new(),
    }
}

/// The model of a room this browser does not have yet: the guest sits
/// down in the free seat from the host's invite (or link).
pub fn join(shared: &Shared, name: String) -> Result<Model, Refusal> {
    check_invite(shared)?;
    let mut room = shared.room.clone();
    room.me = Role::Guest;
    room.joined = true;
    // This side's key is added when its rooms are signed.
    room.keys[Role::Guest.index()] = String::new();
    if !name.is_empty() {
        room.names[Role::Guest.index()] = name;
    }
    let mut game = shared.game.clone();
    declare(&mut game, shared.end);
    let mut t = Model::new(game, room.mode());
    // Before the guest's first turn nobody can have more than the full time.
    t.clock = shared.clock.clone().map(|mut c| {
        c.left.light = c.left.light.min(c.control.base_ms);
        c.left.dark = c.left.dark.min(c.control.base_ms);
        c
    });
    t.draw_offer = match shared.offer {
        Some(Offer::Draw(c)) if c == room.color_of(Role::Host) && t.outcome().is_none() => Some(c),
        _ => None,
    };
    // Sitting down is the guest's first action: the host learns of it.
    room.acted();
    t.room = Some(room);
    Ok(t)
}

/// An invite carries only the host's side: the host's turns, no end, no
/// offer but the host's own draw offer (which the guest may answer or
/// refuse by moving), and a seat nobody has taken.
fn check_invite(shared: &Shared) -> Result<(), Refusal> {
    let room = &shared.room;
    if shared.from != Role::Host {
        return Err(Refusal::Field("g".into()));
    }
    check_seal(shared, "")?;
    if room.joined || room.seq[Role::Guest.index()] != 0 {
        return Err(Refusal::SeatTaken);
    }
    let host = room.color_of(Role::Host);
    let before_each = shared.game.positions().iter().take(shared.game.moves().len());
    if let Some(i) = before_each.clone().position(|p| p.turn() != host) {
        return Err(Refusal::InvitePlaysForYou(i + 1));
    }
    if shared.end.is_some() {
        return Err(Refusal::InviteEnds);
    }
    match shared.offer {
        None => Ok(()),
        Some(Offer::Draw(c)) if c == host => Ok(()),
        Some(_) => Err(Refusal::InviteOffers),
    }
}

/// Whether a room from the other side is signed by their seat: signed,
/// the signature checked and holding, and made with `known`, the key this
/// room knows for them. A room that knows no key for them yet (a host
/// waiting for the guest's first reply, or a room kept from before rooms
/// were signed) learns it from this room: trust on first use, as the
/// free seat itself is.
fn check_seal(incoming: &Shared, known: &str) -> Result<(), Refusal> {
    let Some(seal) = &incoming.seal else {
        return Err(Refusal::Unsigned);
    };
    if !incoming.verified {
        return Err(Refusal::BadSignature);
    }
    if !known.is_empty() && seal.key != known {
        return Err(Refusal::WrongKey);
    }
    Ok(())
}

/// The model of a room kept in this browser (its saved form is a room
/// sent from this side), checked like any other.
pub fn restore(shared: &Shared) -> Model {
    let room = shared.room.clone();
    let mut game = shared.game.clone();
    declare(&mut game, shared.end);
    let mut t = Model::new(game, room.mode());
    t.clock = shared.clock.clone();
    if let Some(Offer::Draw(c)) = shared.offer {
        if t.outcome().is_none() {
            t.draw_offer = Some(c);
        }
    }
    t.room = Some(room);
    t
}

/// A line about a kept room for the list of rooms: the friend's name (if
/// known), whose turn it is, or how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub code: String,
    pub friend: String,
    pub game_no: u32,
    /// The moves the move list numbers (`Game::moves_numbered`).
    pub moves: usize,
    /// `your-turn`, `their-turn`, or `over`.
    pub state: &'static str,
}

pub fn summary(t: &Model) -> Option<Summary> {
    let room = t.room.as_ref()?;
    Some(Summary {
        code: room.code.clone(),
        friend: room.name(room.me.other()).to_string(),
        game_no: room.game_no,
        moves: t.game.moves_numbered(),
        state: if t.outcome().is_some() {
            "over"
        } else if t.remote_to_move() {
            "their-turn"
        } else {
            "your-turn"
        },
    })
}

/// The two sides of a merge, and the friend's name for notices.
struct Sides<'a> {
    me: Role,
    them: Role,
    my_color: Color,
    their_color: Color,
    friend: &'a str,
}

impl Sides<'_> {
    /// A notice about the friend, carrying their name when known.
    fn about_friend(&self, key: &'static str) -> Notice {
        Notice::new(key, named(self.friend))
    }
}

/// How the incoming room's game stands to ours.
#[derive(Clone, Copy)]
struct Seen {
    /// Theirs is a beginning of ours (they have not seen our last moves).
    behind: bool,
    /// It brought moves of theirs.
    new_moves: bool,
    /// The sender had seen every action of ours.
    seen_all: bool,
}

/// Refuses a room from the other side that is not this room, not signed
/// by their key, not sent to our key, or not of the same game's rules and
/// clocks.
fn admit(model: &Model, room: &Room, incoming: &Shared) -> Result<(), Refusal> {
    let inc = &incoming.room;
    if inc.code != room.code {
        return Err(Refusal::OtherRoom(inc.code.clone()));
    }
    let (them, me) = (incoming.from, room.me);
    if them == me {
        return Err(Refusal::OwnLink);
    }
    check_seal(incoming, &room.keys[them.index()])?;
    let (ours, as_they_know) = (&room.keys[me.index()], &inc.keys[me.index()]);
    if !ours.is_empty() && !as_they_know.is_empty() && ours != as_they_know {
        return Err(Refusal::NotYourKey);
    }
    if incoming.game.rules() != model.game.rules() {
        return Err(Refusal::RulesDiffer);
    }
    let control = |c: &Option<crate::clock::Clocks>| c.as_ref().map(|c| c.control);
    if control(&incoming.clock) != control(&model.clock) {
        return Err(Refusal::ClocksDiffer);
    }
    Ok(())
}

/// Takes the moves the other side made since ours, each checked to be
/// theirs to make; whether their game is behind ours.
fn take_moves(
    next: &mut Model,
    incoming: &Shared,
    s: &Sides,
    notice: &mut Option<Notice>,
) -> Result<bool, Refusal> {
    let ours = next.game.moves().to_vec();
    let theirs = incoming.game.moves();
    if ours.len() > theirs.len() && ours[..theirs.len()] == theirs[..] {
        return Ok(true);
    }
    if theirs.len() < ours.len() || theirs[..ours.len()] != ours[..] {
        return Err(Refusal::GamesDiffer);
    }
    for (i, &m) in theirs.iter().enumerate().skip(ours.len()) {
        let before = &incoming.game.positions()[i];
        if before.turn() != s.their_color {
            return Err(Refusal::NotTheirTurn);
        }
        if next.game.outcome().is_some() {
            return Err(Refusal::GamesDiffer);
        }
        let offered = next.draw_offer;
        if !next.play_remote(m) {
            return Err(Refusal::GamesDiffer);
        }
        if offered == Some(s.my_color) {
            *notice = Some(s.about_friend("room.draw-refused"));
        }
    }
    Ok(false)
}

/// Takes how the other side says the game ended: their own resignation
/// or flag, or a draw agreed to our offer.
fn take_end(
    next: &mut Model,
    end: Option<Declared>,
    behind: bool,
    s: &Sides,
    notice: &mut Option<Notice>,
) -> Result<(), Refusal> {
    let (their_color, my_color) = (s.their_color, s.my_color);
    match end {
        None => {}
        _ if next.declared() == end => {}
        Some(Declared::Resigned(c)) if c == their_color && next.game.resign(c).is_ok() => {
            next.draw_offer = None;
            *notice = Some(s.about_friend("room.resigned"));
        }
        // Over by the rules already: the resignation came too late.
        Some(Declared::Resigned(c)) if c == their_color => {}
        Some(Declared::Resigned(_)) => return Err(Refusal::ResignsForYou),
        // Their own flag, said by their page (which saw their turn begin).
        Some(Declared::Flagged(c)) if c == their_color && next.game.flag(c).is_ok() => {
            next.draw_offer = None;
            *notice = Some(Notice::new("room.flagged", Vec::new()));
        }
        Some(Declared::Flagged(c)) if c == their_color => {}
        // Ours is taken only when this side's clock agrees (`apply_at`).
        Some(Declared::Flagged(_)) => return Err(Refusal::FlagStands),
        Some(Declared::Agreed) => {
            if behind || next.draw_offer != Some(my_color) || next.game.agree_draw().is_err() {
                return Err(Refusal::DrawNotOffered);
            }
            next.draw_offer = None;
        }
    }
    Ok(())
}

/// Takes the other side's offer (a draw, a rematch), or what its absence
/// says of ours: declined, or withdrawn.
fn take_offer(
    next: &mut Model,
    mine: &mut Room,
    offer: Option<Offer>,
    seen: Seen,
    s: &Sides,
    notice: &mut Option<Notice>,
) {
    let (me, them, their_color, my_color) = (s.me, s.them, s.their_color, s.my_color);
    let over = next.game.outcome().is_some();
    match offer {
        Some(Offer::Draw(c)) if c == their_color && !seen.behind && !over => {
            if next.draw_offer == Some(my_color) {
                // Both offered: that is agreement.
                let _ = next.game.agree_draw();
                next.draw_offer = None;
            } else if next.draw_offer != Some(c) {
                next.draw_offer = Some(c);
            }
        }
        Some(Offer::Rematch(r)) if r == them && over && mine.rematch_by.is_none() => {
            mine.rematch_by = Some(them);
        }
        Some(Offer::Rematch(r)) if r == them && over && mine.rematch_by == Some(me) => {
            // Both asked for a rematch: the host's page starts it, as if
            // accepting; the guest's page takes that start as the answer
            // to its own offer.
            if me == Role::Host {
                mine.host_color = !mine.host_color;
                mine.game_no = mine.game_no.saturating_add(1);
                mine.rematch_by = None;
                next.start_room_game(mine.clone());
                mine.acted();
            }
        }
        _ => {
            let seen_all = seen.seen_all;
            if seen_all && !seen.new_moves && !over && next.draw_offer == Some(my_color) {
                next.draw_offer = None;
                *notice = Some(s.about_friend("draw.declined"));
            }
            if seen_all && next.draw_offer == Some(their_color) && offer.is_none() {
                next.draw_offer = None;
            }
            if seen_all && mine.rematch_by.is_some() && offer.is_none() {
                if mine.rematch_by == Some(me) {
                    *notice = Some(s.about_friend("room.rematch-declined"));
                }
                mine.rematch_by = None;
            }
        }
    }
}

/// Brings this room up to date with one from the other side, taking only
/// what the other side may do. The model is never changed on refusal.
pub fn merge(model: &Model, incoming: &Shared) -> Result<Merged, Refusal> {
    let Some(room) = model.room.as_ref() else {
        return Err(Refusal::OtherRoom(incoming.room.code.clone()));
    };
    admit(model, room, incoming)?;
    let inc = &incoming.room;
    let (them, me) = (incoming.from, room.me);
    if inc.seq[them.index()] <= room.seq[them.index()] {
        return Ok(Merged::Stale);
    }
    let mut next = model.clone();
    // What was said belongs to the moment before this room came.
    next.notice = model.notice.clone().filter(Notice::lasting);
    let mut notice = None;
    let mut mine = room.clone();
    if Some(inc.game_no) == room.game_no.checked_add(1) {
        // They accepted the rematch offered here.
        if model.outcome().is_none() || room.rematch_by != Some(me) || inc.host_color == room.host_color {
            return Err(Refusal::RematchNotOffered);
        }
        mine.host_color = inc.host_color;
        mine.game_no = inc.game_no;
        mine.rematch_by = None;
        next.start_room_game(mine.clone());
    } else if inc.game_no < room.game_no {
        return Ok(Merged::Stale);
    } else if inc.game_no != room.game_no || inc.host_color != room.host_color {
        return Err(Refusal::GameNumber);
    }
    let s = Sides {
        me,
        them,
        my_color: mine.color_of(me),
        their_color: mine.color_of(them),
        friend: inc.names[them.index()].as_str(),
    };
    let before = next.game.moves().len();
    let behind = take_moves(&mut next, incoming, &s, &mut notice)?;
    let seen = Seen {
        behind,
        new_moves: !behind && incoming.game.moves().len() > before,
        seen_all: inc.seq[me.index()] >= room.seq[me.index()],
    };
    take_end(&mut next, incoming.end, behind, &s, &mut notice)?;
    take_offer(&mut next, &mut mine, incoming.offer, seen, &s, &mut notice);
    mine.names[them.index()] = inc.names[them.index()].clone();
    // Their key, learnt from their first signed room (check_seal).
    mine.keys[them.index()] = inc.keys[them.index()].clone();
    mine.joined |= them == Role::Guest || inc.joined;
    // The host hears of the guest sitting down, whichever way it came.
    if me == Role::Host && mine.joined && !room.joined && notice.is_none() {
        notice = Some(s.about_friend("room.friend-joined"));
    }
    mine.seq[them.index()] = inc.seq[them.index()];
    next.room = Some(mine);
    if notice.is_some() {
        next.notice = notice;
    }
    Ok(Merged::Updated(Box::new(next)))
}

/// A friend's name as a notice's arguments: none when it is not known (the
/// text then says "your friend").
pub(super) fn named(name: &str) -> Vec<String> {
    if name.is_empty() {
        Vec::new()
    } else {
        vec![name.to_string()]
    }
}

#[cfg(test)]
mod tests;
