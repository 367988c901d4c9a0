//! The room's rules of trust, played natively: two tables, one per
//! browser, exchanging rooms as links would.

use morris_core::{Color, Game, Rules, Variant};

use super::*;
use crate::model::Action;
use crate::room::codec::{self, Wire, MAX_GAMES, MAX_MOVES, MAX_NAME};
use crate::room::{clean_name, read_link, Seal};

fn host_table(rules: Rules) -> Model {
    let room = Room::host("k7qm2xpa".into(), Color::Light, "Ann".into());
    let mut t = Model::new(Game::new(rules), room.mode());
    t.room = Some(room);
    t
}

/// A stand-in for a seat's key pair: the public key (65 bytes, as a
/// P-256 point) of seat `n`; "signing" is a keyed checksum only this
/// test's signer makes, so a changed text or another key fails it.
fn key(n: u8) -> String {
    codec::base64url(&[n; crate::room::KEY_BYTES])
}

fn fake_signature(key: &str, text: &str) -> Vec<u8> {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut out = Vec::new();
    for round in 0..8u8 {
        for b in key.bytes().chain([round]).chain(text.bytes()) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        out.extend_from_slice(&h.to_le_bytes());
    }
    out
}

fn fake_verify(seal: &Seal) -> bool {
    seal.signature == fake_signature(&seal.key, &seal.text)
}

/// Signs a wire as seat `me` with the stand-in key `signer`.
fn sign_as(w: &mut Wire, me: Role, signer: &str) {
    w.k[me.index()] = signer.to_string();
    w.z = String::new();
    w.z = codec::base64url(&fake_signature(signer, &w.unsigned_text()));
}

/// Reads a link as a page does: decoded, then its seal checked.
fn read(w: &Wire) -> Result<Shared, Refusal> {
    let mut s = read_link(&w.to_link())?;
    s.check_seal(fake_verify);
    Ok(s)
}

/// What one side sends: the whole room, signed with its seat's key,
/// through the link format.
fn send(t: &Model) -> Shared {
    let Some(room) = t.room.as_ref() else {
        unreachable!("not a room")
    };
    let mut w = share(t, room, None);
    sign_as(&mut w, room.me, &key(1 + room.me.index() as u8));
    match read(&w) {
        Ok(s) => s,
        Err(e) => unreachable!("{e}"),
    }
}

fn receive(t: &mut Model, from: &Model) {
    t.apply(Action::Remote(Box::new(send(from))));
}

fn press(t: &mut Model, s: &str) {
    let Ok(p) = t.game.position().geometry().parse_point(s) else {
        unreachable!()
    };
    t.apply(Action::Press(p));
}

fn pair() -> (Model, Model) {
    let host = host_table(Rules::default());
    let guest = match join(&send(&host), "Bob".into()) {
        Ok(t) => t,
        Err(e) => unreachable!("{e}"),
    };
    (host, guest)
}

fn room(t: &Model) -> &Room {
    match t.room.as_ref() {
        Some(r) => r,
        None => unreachable!(),
    }
}

#[test]
fn the_guest_sits_in_the_free_seat_and_light_starts() {
    let (mut host, guest) = pair();
    assert!(!room(&host).joined);
    assert_eq!(guest.mode.bottom(), Color::Dark);
    assert_eq!(room(&guest).me, Role::Guest);
    assert!(guest.remote_to_move(), "light (the host) starts");
    receive(&mut host, &guest);
    assert!(room(&host).joined);
    assert_eq!(room(&host).name(Role::Guest), "Bob");
    assert!(host.accepts_input());
}

#[test]
fn turns_go_back_and_forth_and_only_your_own_are_taken() {
    let (mut host, mut guest) = pair();
    press(&mut guest, "a1");
    assert!(guest.game.moves().is_empty(), "the guest cannot move for light");
    press(&mut host, "a1");
    receive(&mut guest, &host);
    assert_eq!(guest.game.move_texts(), ["a1"]);
    press(&mut guest, "b2");
    receive(&mut host, &guest);
    assert_eq!(host.game.move_texts(), ["a1", "b2"]);
    // The same link again, and an older one, change nothing.
    let before = host.clone();
    receive(&mut host, &guest);
    assert_eq!((&host.game, &host.room), (&before.game, &before.room));
    assert_eq!(
        host.notice.as_ref().map(|n| n.key),
        Some("room.stale"),
        "a link says it changed nothing"
    );
    let old = guest.clone();
    press(&mut host, "d1");
    receive(&mut guest, &host);
    press(&mut guest, "d2");
    receive(&mut host, &old);
    assert_eq!(
        host.game.move_texts(),
        ["a1", "b2", "d1"],
        "an older link never rewinds"
    );
    assert_eq!(host.notice.as_ref().map(|n| n.key), Some("room.stale"));
}

#[test]
fn a_forged_turn_for_the_receiver_is_refused() {
    let (mut host, mut guest) = pair();
    press(&mut host, "a1");
    receive(&mut guest, &host);
    // The guest's page is made to play light's next turn as well.
    let mut forged = guest.clone();
    forged.room = None;
    press(&mut forged, "b2");
    press(&mut forged, "d1");
    forged.room = guest.room.clone();
    if let Some(r) = forged.room.as_mut() {
        r.seq[1] += 2;
    }
    let before = host.clone();
    receive(&mut host, &forged);
    assert_eq!(host.game, before.game);
    assert_eq!(host.notice.as_ref().map(|n| n.key), Some("room.refused"));
    assert!(host
        .notice
        .as_ref()
        .is_some_and(|n| n.args[0].contains("your side")));
}

#[test]
fn an_illegal_turn_in_a_link_is_refused_when_read() {
    let host = host_table(Rules::default());
    let Some(r) = host.room.as_ref() else {
        unreachable!()
    };
    let mut w = share(&host, r, None);
    w.m = "a1 a1".into();
    match read_link(&w.to_link()) {
        Err(Refusal::Move(2, text, _)) => assert_eq!(text, "a1"),
        other => unreachable!("{other:?}"),
    }
    w.m = "zz9".into();
    assert!(matches!(read_link(&w.to_link()), Err(Refusal::Move(1, _, _))));
    w.m = "a1 ".repeat(MAX_MOVES + 1);
    assert_eq!(read_link(&w.to_link()), Err(Refusal::TooManyMoves));
    w.m = String::new();
    w.c = "k7qm2xp<".into();
    assert_eq!(read_link(&w.to_link()), Err(Refusal::Code));
}

/// The host's invite with its wire changed by `f`, as a guest's page reads it.
fn forged_invite(f: impl FnOnce(&mut Wire)) -> Result<Model, Refusal> {
    let host = host_table(Rules::default());
    let mut w = share(&host, room(&host), None);
    f(&mut w);
    sign_as(&mut w, Role::Host, &key(1));
    join(&read(&w)?, "Bob".into())
}

#[test]
fn an_invite_carries_only_the_hosts_side() {
    // The review's link: the guest's d7 played and the guest resigned.
    let forged = forged_invite(|w| {
        w.m = "a1 d7 a4".into();
        w.e = "resign-dark".into();
    });
    assert_eq!(forged, Err(Refusal::InvitePlaysForYou(2)));
    assert_eq!(
        forged_invite(|w| w.e = "resign-dark".into()),
        Err(Refusal::InviteEnds)
    );
    assert_eq!(forged_invite(|w| w.e = "agreed".into()), Err(Refusal::InviteEnds));
    assert_eq!(
        forged_invite(|w| w.o = "draw-dark".into()),
        Err(Refusal::InviteOffers)
    );
    assert_eq!(
        forged_invite(|w| w.o = "rematch-g".into()),
        Err(Refusal::InviteOffers)
    );
    assert_eq!(forged_invite(|w| w.j = true), Err(Refusal::SeatTaken));
    assert_eq!(forged_invite(|w| w.s = [4, 2]), Err(Refusal::SeatTaken));
    // A host with dark: light's turn would be the guest's.
    assert_eq!(
        forged_invite(|w| {
            w.h = "dark".into();
            w.m = "a1".into();
        }),
        Err(Refusal::InvitePlaysForYou(1))
    );
    // The host's own first turn and draw offer are fine.
    let Ok(guest) = forged_invite(|w| {
        w.m = "a1".into();
        w.o = "draw-light".into();
    }) else {
        unreachable!()
    };
    assert_eq!(guest.game.move_texts(), ["a1"]);
    assert!(guest.accepts_input());
    assert_eq!(guest.draw_offer, Some(Color::Light));
}

#[test]
fn absurd_game_numbers_are_refused_and_never_overflow() {
    for g in [0, MAX_GAMES + 1, u32::MAX] {
        assert_eq!(
            forged_invite(|w| w.g = g),
            Err(Refusal::GameOutOfBounds(g)),
            "{g}"
        );
    }
    assert!(forged_invite(|w| w.g = MAX_GAMES).is_ok());
    // A room at the last number (kept from before the bound) takes a
    // link without overflowing when it looks for a rematch.
    let (mut host, mut guest) = pair();
    for t in [&mut host, &mut guest] {
        if let Some(r) = t.room.as_mut() {
            r.game_no = u32::MAX;
        }
    }
    press(&mut host, "a1");
    let Some(r) = host.room.as_ref() else {
        unreachable!()
    };
    let mut w = share(&host, r, None);
    w.g = MAX_GAMES;
    sign_as(&mut w, Role::Host, &key(1));
    let Ok(shared) = read(&w) else { unreachable!() };
    let mut at_max = shared.clone();
    at_max.room.game_no = u32::MAX;
    guest.apply(Action::Remote(Box::new(at_max)));
    assert_eq!(guest.game.move_texts(), ["a1"]);
}

#[test]
fn another_room_and_your_own_link_change_nothing() {
    let (mut host, guest) = pair();
    let mut stranger = host_table(Rules::default());
    if let Some(r) = stranger.room.as_mut() {
        r.code = "zzzzzzzz".into();
        r.me = Role::Guest;
        r.seq = [9, 9];
    }
    let before = host.game.clone();
    receive(&mut host, &stranger);
    assert_eq!(host.game, before);
    assert!(host
        .notice
        .as_ref()
        .is_some_and(|n| n.args[0].contains("zzzzzzzz")));
    let own = host.clone();
    receive(&mut host, &own);
    assert!(host
        .notice
        .as_ref()
        .is_some_and(|n| n.args[0].contains("own side")));
    receive(&mut host, &guest);
    assert!(room(&host).joined);
}

#[test]
fn names_are_cut_and_cleaned() {
    assert_eq!(clean_name("  <b>Ann</b>\u{7}\n "), "<b>Ann</b>");
    assert_eq!(clean_name(&"x".repeat(100)).chars().count(), MAX_NAME);
    let (mut host, mut guest) = pair();
    guest.apply(Action::Rename(format!(
        "<img src=x onerror=alert(1)>{}",
        "y".repeat(50)
    )));
    receive(&mut host, &guest);
    assert_eq!(
        room(&host).name(Role::Guest),
        "<img src=x onerror=alert(1)>y"[..MAX_NAME].to_string()
    );
}

#[test]
fn names_lose_what_spoofs_them_on_screen() {
    // Bidi overrides and isolates, zero-width characters, the BOM.
    assert_eq!(clean_name("\u{202E}nnA\u{202C}"), "nnA");
    assert_eq!(clean_name("A\u{2066}b\u{2069}\u{200E}c\u{200F}"), "Abc");
    assert_eq!(clean_name("\u{FEFF}B\u{200B}o\u{200C}\u{200D}b\u{2060}"), "Bob");
    // A stack of combining marks keeps two; a mark with no base goes.
    let zalgo = format!("Z{}a", "\u{0301}\u{0316}\u{0344}\u{0353}".repeat(20));
    assert_eq!(clean_name(&zalgo), "Z\u{0301}\u{0316}a");
    assert_eq!(clean_name("\u{0301}\u{0301}Eve"), "Eve");
    assert_eq!(clean_name("e\u{0301} \u{0301}x"), "e\u{0301} x");
    // Whitespace of any kind is one plain space; the width stays bounded.
    assert_eq!(clean_name("Ann\u{3000}\u{00A0}\t Lee"), "Ann Lee");
    let wide = clean_name(&"e\u{0301}\u{0302}".repeat(50));
    assert_eq!(wide.chars().count(), MAX_NAME);
    assert!(clean_name(&"\u{200B}".repeat(5000)).is_empty());
}

#[test]
fn a_draw_offer_is_declined_or_refused_by_a_move_and_resigning_is_your_own() {
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    press(&mut host, "a1");
    receive(&mut guest, &host);
    guest.apply(Action::OfferDraw);
    assert_eq!(guest.draw_offer, Some(Color::Dark));
    receive(&mut host, &guest);
    assert_eq!(host.draw_offer, Some(Color::Dark));
    host.apply(Action::DeclineDraw);
    receive(&mut guest, &host);
    assert_eq!(guest.draw_offer, None);
    assert_eq!(guest.notice.as_ref().map(|n| n.key), Some("draw.declined"));
    // Offered again, refused by a move.
    press(&mut guest, "b2");
    guest.apply(Action::OfferDraw);
    receive(&mut host, &guest);
    press(&mut host, "d1");
    assert_eq!(host.draw_offer, None);
    receive(&mut guest, &host);
    assert_eq!(guest.draw_offer, None);
    assert_eq!(guest.notice.as_ref().map(|n| n.key), Some("room.draw-refused"));
    // Accepted.
    guest.apply(Action::OfferDraw);
    receive(&mut host, &guest);
    host.apply(Action::AcceptDraw);
    receive(&mut guest, &host);
    assert_eq!(guest.declared(), Some(Declared::Agreed));
    // A forged agreement: the host never offered.
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    let _ = guest.game.agree_draw();
    if let Some(r) = guest.room.as_mut() {
        r.seq[1] += 1;
    }
    receive(&mut host, &guest);
    assert!(host.outcome().is_none());
    assert!(host
        .notice
        .as_ref()
        .is_some_and(|n| n.args[0].contains("nobody offered")));
    // A forged resignation of the receiver.
    let (mut host, mut guest) = pair();
    let _ = guest.game.resign(Color::Light);
    if let Some(r) = guest.room.as_mut() {
        r.seq[1] += 1;
    }
    receive(&mut host, &guest);
    assert!(host.outcome().is_none());
}

#[test]
fn resign_then_a_rematch_swaps_colours_and_the_other_player_opens() {
    let (mut host, mut guest) = pair();
    press(&mut host, "a1");
    receive(&mut guest, &host);
    guest.apply(Action::Resign);
    assert!(guest.outcome().is_none(), "resigning asks first");
    guest.apply(Action::Confirm);
    assert_eq!(guest.declared(), Some(Declared::Resigned(Color::Dark)));
    receive(&mut host, &guest);
    assert_eq!(host.declared(), Some(Declared::Resigned(Color::Dark)));
    host.apply(Action::Rematch);
    host.apply(Action::AcceptRematch);
    assert!(
        host.outcome().is_some(),
        "one's own offer is not accepted by oneself"
    );
    receive(&mut guest, &host);
    assert_eq!(room(&guest).rematch_by, Some(Role::Host));
    guest.apply(Action::AcceptRematch);
    assert_eq!(room(&guest).game_no, 2);
    assert_eq!(guest.mode.bottom(), Color::Light, "the guest has light now");
    assert!(guest.accepts_input(), "and opens the rematch");
    press(&mut guest, "d6");
    receive(&mut host, &guest);
    assert_eq!(room(&host).game_no, 2);
    assert_eq!(host.mode.bottom(), Color::Dark);
    assert_eq!(host.game.move_texts(), ["d6"]);
    // The first game's links are stale now.
    let before = host.clone();
    let (_, old_guest) = pair();
    receive(&mut host, &old_guest);
    assert_eq!(host.game, before.game);
}

#[test]
fn a_rematch_nobody_offered_is_refused() {
    let (mut host, mut guest) = pair();
    press(&mut host, "a1");
    receive(&mut guest, &host);
    guest.apply(Action::Resign);
    guest.apply(Action::Confirm);
    let mut forged = guest.clone();
    if let Some(r) = forged.room.as_mut() {
        r.rematch_by = Some(Role::Host);
    }
    forged.apply(Action::AcceptRematch);
    receive(&mut host, &forged);
    assert_eq!(room(&host).game_no, 1);
    assert!(host
        .notice
        .as_ref()
        .is_some_and(|n| n.args[0].contains("rematch")));
}

#[test]
fn both_asking_for_a_rematch_starts_it() {
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    press(&mut host, "a1");
    receive(&mut guest, &host);
    host.apply(Action::Resign);
    host.apply(Action::Confirm);
    receive(&mut guest, &host);
    // Both ask before either sees the other's offer.
    host.apply(Action::Rematch);
    guest.apply(Action::Rematch);
    let host_offer = host.clone();
    receive(&mut host, &guest);
    assert_eq!(room(&host).game_no, 2, "the host's page starts the rematch");
    assert_eq!(host.mode.bottom(), Color::Dark);
    receive(&mut guest, &host_offer);
    assert_eq!(
        room(&guest).game_no,
        1,
        "the guest's page waits for the host's start"
    );
    receive(&mut guest, &host);
    assert_eq!(room(&guest).game_no, 2);
    assert_eq!(guest.mode.bottom(), Color::Light);
    assert!(guest.accepts_input(), "the guest opens the rematch");
}

#[test]
fn the_variant_and_options_travel_with_the_room() {
    let Ok(rules) = Rules::with_options(Variant::Six, ["flying:off", "mill-takes:each"]) else {
        unreachable!()
    };
    let host = host_table(rules);
    let guest = match join(&send(&host), String::new()) {
        Ok(t) => t,
        Err(e) => unreachable!("{e}"),
    };
    assert_eq!(guest.game.rules(), &rules);
    assert_eq!(guest.game.position().geometry().len(), 16);
    // A link whose rules differ is refused.
    let other = host_table(Rules::default());
    let mut from_other = send(&other);
    from_other.from = Role::Guest;
    from_other.room.seq = [9, 9];
    let mut h = host.clone();
    h.apply(Action::Remote(Box::new(from_other)));
    assert!(h.notice.as_ref().is_some_and(|n| n.args[0].contains("rules")));
}

/// The room `t` would send, unsigned.
fn wire_of(t: &Model) -> Wire {
    share(t, room(t), None)
}

fn refusal(t: &Model) -> String {
    match &t.notice {
        Some(n) if n.key == "room.refused" => n.args[0].clone(),
        other => unreachable!("no refusal: {other:?}"),
    }
}

#[test]
fn each_seat_knows_the_others_key_from_the_first_signed_room() {
    let (mut host, guest) = pair();
    assert_eq!(room(&guest).keys, [key(1), String::new()], "the invite's key");
    assert!(room(&host).keys[1].is_empty());
    receive(&mut host, &guest);
    assert_eq!(room(&host).keys[1], key(2), "the guest's first reply");
    // Kept and restored, the keys stay.
    let Ok(kept) = read_link(&wire_of(&host).to_link()) else {
        unreachable!()
    };
    assert_eq!(restore(&kept).room.map(|r| r.keys[1].clone()), Some(key(2)));
}

#[test]
fn unsigned_links_are_refused_in_invites_and_rooms() {
    let host = host_table(Rules::default());
    let invite = read(&wire_of(&host)).unwrap_or_else(|e| unreachable!("{e}"));
    assert_eq!(join(&invite, "Bob".into()), Err(Refusal::Unsigned));
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    press(&mut guest, "a1");
    press(&mut host, "a1");
    // A version 1 link (no key, no signature), a turn newer than the room.
    let mut w = wire_of(&host);
    w.v = 1;
    w.k = Default::default();
    let before = guest.clone();
    guest.apply(Action::Remote(Box::new(
        read(&w).unwrap_or_else(|e| unreachable!("{e}")),
    )));
    assert_eq!(guest.game, before.game);
    assert!(refusal(&guest).contains("not signed"));
}

#[test]
fn a_changed_or_foreign_signature_is_refused() {
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    press(&mut host, "a1");
    // Changed on the way: the guest's d7 slipped into the host's signed room.
    let mut w = wire_of(&host);
    sign_as(&mut w, Role::Host, &key(1));
    w.m = "a1 d7".into();
    let before = guest.clone();
    guest.apply(Action::Remote(Box::new(
        read(&w).unwrap_or_else(|e| unreachable!("{e}")),
    )));
    assert_eq!(guest.game, before.game);
    assert!(refusal(&guest).contains("changed on the way"));
    // Someone who saw the invite signs as the host with a key of their own.
    let mut w = wire_of(&host);
    w.e = "resign-dark".into();
    sign_as(&mut w, Role::Host, &key(9));
    guest.apply(Action::Remote(Box::new(
        read(&w).unwrap_or_else(|e| unreachable!("{e}")),
    )));
    assert_eq!(guest.game, before.game);
    assert!(refusal(&guest).contains("another key"));
    // ... or as the guest, once the host knows the guest's key.
    let mut w = wire_of(&guest);
    w.m = "a1 d7".into();
    w.s[1] += 1;
    sign_as(&mut w, Role::Guest, &key(9));
    let h = host.clone();
    host.apply(Action::Remote(Box::new(
        read(&w).unwrap_or_else(|e| unreachable!("{e}")),
    )));
    assert_eq!(host.game, h.game);
    assert!(refusal(&host).contains("another key"));
    // The host's signed room relabelled as the guest's: the text changed.
    let mut w = wire_of(&host);
    sign_as(&mut w, Role::Host, &key(1));
    w.f = "g".into();
    w.k[1] = key(1);
    host.apply(Action::Remote(Box::new(
        read(&w).unwrap_or_else(|e| unreachable!("{e}")),
    )));
    assert!(refusal(&host).contains("changed on the way"));
    // The real host's room still goes through.
    receive(&mut guest, &host);
    assert_eq!(guest.game.move_texts(), ["a1"]);
}

#[test]
fn a_room_kept_from_before_signing_learns_each_key_once() {
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    for t in [&mut host, &mut guest] {
        if let Some(r) = t.room.as_mut() {
            r.keys = Default::default();
        }
    }
    press(&mut host, "a1");
    receive(&mut guest, &host);
    assert_eq!(guest.game.move_texts(), ["a1"]);
    assert_eq!(room(&guest).keys[0], key(1));
    // From then on, only that key.
    press(&mut host, "d1");
    let mut w = wire_of(&host);
    sign_as(&mut w, Role::Host, &key(7));
    guest.apply(Action::Remote(Box::new(
        read(&w).unwrap_or_else(|e| unreachable!("{e}")),
    )));
    assert_eq!(guest.game.move_texts(), ["a1"]);
    assert!(refusal(&guest).contains("another key"));
}

#[test]
fn malformed_keys_and_signatures_are_refused_when_read() {
    let host = host_table(Rules::default());
    let mut w = wire_of(&host);
    sign_as(&mut w, Role::Host, &key(1));
    for bad in [
        Wire {
            z: "c2ln".into(),
            ..w.clone()
        },
        Wire {
            k: ["short".into(), String::new()],
            ..w.clone()
        },
        Wire {
            k: [String::new(), String::new()],
            ..w.clone()
        },
    ] {
        assert_eq!(read(&bad).err(), Some(Refusal::Key), "{bad:?}");
    }
}

#[test]
fn a_friend_who_knows_another_key_for_your_seat_is_refused() {
    // Someone changed the invite on the way: their own key as the host's.
    let (mut host, mut guest) = pair();
    host.apply(Action::SeatKey(key(1)));
    if let Some(r) = guest.room.as_mut() {
        r.keys[0] = key(9);
    }
    let before = host.clone();
    receive(&mut host, &guest);
    assert!(!room(&host).joined, "the guest of a changed invite is not seated");
    assert_eq!(host.game, before.game);
    assert!(refusal(&host).contains("another key for your seat"));
    // The fair guest is.
    let (_, fair) = pair();
    receive(&mut host, &fair);
    assert!(room(&host).joined);
    assert_eq!(room(&host).keys, [key(1), key(2)]);
}

#[test]
fn an_offer_made_on_ones_turn_stands_through_ones_move_and_notices_name_the_friend() {
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    host.apply(Action::OfferDraw);
    press(&mut host, "a1");
    assert_eq!(
        host.draw_offer,
        Some(Color::Light),
        "the host's own move keeps its offer"
    );
    receive(&mut guest, &host);
    assert_eq!(guest.draw_offer, Some(Color::Light));
    press(&mut guest, "b2");
    receive(&mut host, &guest);
    assert_eq!(host.draw_offer, None);
    let n = host.notice.clone();
    assert_eq!(n.as_ref().map(|n| n.key), Some("room.draw-refused"));
    assert_eq!(
        n.map(|n| n.args),
        Some(vec!["Bob".to_string()]),
        "the friend's name"
    );
    // The score of the room goes on across its rematch.
    guest.apply(Action::Resign);
    guest.apply(Action::Confirm);
    receive(&mut host, &guest);
    assert_eq!(
        host.notice.as_ref().map(|n| n.args.clone()),
        Some(vec!["Bob".to_string()])
    );
    assert_eq!(host.score().halves, [2, 0]);
    assert_eq!(guest.score().halves, [0, 2]);
    host.apply(Action::Rematch);
    receive(&mut guest, &host);
    guest.apply(Action::AcceptRematch);
    receive(&mut host, &guest);
    assert_eq!(room(&host).game_no, 2);
    assert_eq!(host.score().halves, [2, 0]);
    assert_eq!(guest.score().halves, [0, 2]);
}

mod clocks {
    use morris_core::{Outcome, Reason};

    use super::*;
    use crate::clock::{Clocks, TimeControl};

    fn timed_pair() -> (Model, Model) {
        let mut host = host_table(Rules::default());
        host.clock = Some(Clocks::new(TimeControl::new(5, 3)));
        let guest = match join(&send(&host), "Bob".into()) {
            Ok(t) => t,
            Err(e) => unreachable!("{e}"),
        };
        (host, guest)
    }

    fn press_at(t: &mut Model, s: &str, now: u64) {
        let Ok(p) = t.game.position().geometry().parse_point(s) else {
            unreachable!()
        };
        t.apply_at(Action::Press(p), now);
    }

    fn receive_at(t: &mut Model, shared: Shared, now: u64) {
        t.apply_at(Action::Remote(Box::new(shared)), now);
    }

    fn left(t: &Model, c: Color) -> u64 {
        t.clock.as_ref().map_or(0, |k| k.left[c])
    }

    /// What the guest sends, with its time left (light, dark) said otherwise.
    fn guest_says(guest: &Model, l: &str) -> Shared {
        let mut w = share(guest, room(guest), None);
        w.l = l.into();
        sign_as(&mut w, Role::Guest, &key(2));
        match read(&w) {
            Ok(s) => s,
            Err(e) => unreachable!("{e}"),
        }
    }

    #[test]
    fn the_invite_carries_the_clocks_and_each_turn_the_movers_time() {
        let (mut host, mut guest) = timed_pair();
        assert_eq!(guest.clock, host.clock, "the invite carries the clocks");
        let w = share(&host, room(&host), None);
        assert_eq!(
            (w.v, w.t.as_str(), w.l.as_str()),
            (codec::VERSION, "5+3", "300000,300000")
        );
        press_at(&mut host, "a1", 1_000);
        receive_at(&mut guest, send(&host), 1_500);
        // The guest's clock runs from when the turn arrived.
        press_at(&mut guest, "b2", 11_500);
        assert_eq!(left(&guest, Color::Dark), 293_000, "10 s spent, 3 s added");
        receive_at(&mut host, send(&guest), 12_000);
        assert_eq!(host.game.move_texts(), ["a1", "b2"]);
        assert_eq!(
            left(&host, Color::Dark),
            293_000,
            "the mover's word on its own time"
        );
        assert!(host.clock.as_ref().is_some_and(|c| c.since == Some(12_000)));
    }

    #[test]
    fn a_turn_claims_at_most_the_time_its_mover_had_plus_the_increment() {
        let (mut host, mut guest) = timed_pair();
        press_at(&mut host, "a1", 0);
        receive_at(&mut guest, send(&host), 0);
        press_at(&mut guest, "b2", 5_000);
        receive_at(&mut host, guest_says(&guest, "300000,999999"), 6_000);
        assert_eq!(left(&host, Color::Dark), 303_000);
        assert_eq!(
            left(&host, Color::Light),
            300_000,
            "nor can it set the other side's"
        );
    }

    #[test]
    fn each_page_flags_its_own_side_and_the_friend_takes_its_word() {
        let (mut host, mut guest) = timed_pair();
        press_at(&mut host, "a1", 0);
        receive_at(&mut guest, send(&host), 0);
        press_at(&mut guest, "b2", 1_000);
        receive_at(&mut host, send(&guest), 1_000);
        // Light's time runs out on the host's page; the guest's page waits
        // for it even past zero.
        guest.apply_at(Action::Tick, 400_000);
        assert_eq!(guest.outcome(), None, "the friend's clock is not ours to flag");
        host.apply_at(Action::Tick, 301_000);
        assert_eq!(host.outcome(), Some(Outcome::win(Color::Dark, Reason::Time)));
        receive_at(&mut guest, send(&host), 301_200);
        assert_eq!(guest.outcome(), Some(Outcome::win(Color::Dark, Reason::Time)));
        assert_eq!(guest.notice.as_ref().map(|n| n.key), Some("room.flagged"));
    }

    #[test]
    fn a_claim_on_your_flag_holds_only_when_your_clock_agrees() {
        let (mut host, mut guest) = timed_pair();
        press_at(&mut host, "a1", 0);
        receive_at(&mut guest, send(&host), 0);
        press_at(&mut guest, "b2", 1_000);
        receive_at(&mut host, send(&guest), 1_000);
        // The guest's page says light's flag fell while light has minutes.
        let mut claim = guest.clone();
        let _ = claim.game.flag(Color::Light);
        if let Some(r) = claim.room.as_mut() {
            r.acted();
        }
        receive_at(&mut host, send(&claim), 100_000);
        assert_eq!(host.outcome(), None);
        assert_eq!(host.notice.as_ref().map(|n| n.key), Some("room.refused"));
        // Within the grace (the time a message takes), the host's page agrees.
        receive_at(&mut host, send(&claim), 299_500);
        assert_eq!(host.outcome(), Some(Outcome::win(Color::Dark, Reason::Time)));
    }

    #[test]
    fn a_room_with_other_clocks_is_refused() {
        let (mut host, guest) = timed_pair();
        let mut w = share(&guest, room(&guest), None);
        w.t = "1+0".into();
        sign_as(&mut w, Role::Guest, &key(2));
        let Ok(s) = read(&w) else { unreachable!() };
        let before = host.clone();
        receive_at(&mut host, s, 0);
        assert_eq!(host.game, before.game);
        assert!(host
            .notice
            .as_ref()
            .is_some_and(|n| n.args.iter().any(|a| a.contains("clocks"))));
    }

    #[test]
    fn the_clock_of_a_friend_gone_stands_still_until_they_are_back() {
        use crate::model::Presence;
        let (mut host, mut guest) = timed_pair();
        press_at(&mut host, "a1", 1_000);
        receive_at(&mut guest, send(&host), 1_000);
        // The guest's tab closes on their turn: the host's page is told at
        // 20 s, and from then on the guest's clock stands still here.
        host.apply_at(Action::Presence(Presence::Lost), 20_000);
        assert!(
            host.clock.as_ref().is_some_and(|c| c.since.is_none()),
            "not running"
        );
        assert_eq!(left(&host, Color::Dark), 281_000, "19 s spent before the word");
        // Ten minutes of actions later (a notice dismissed, say), nothing ran
        // out and nothing is lost on time.
        host.apply_at(Action::Notify(None), 620_000);
        assert_eq!(left(&host, Color::Dark), 281_000);
        assert!(host.outcome().is_none(), "nobody loses on time for a closed tab");
        // They are back: their clock runs again from where it stood.
        host.apply_at(Action::Presence(Presence::Back), 630_000);
        assert!(host.clock.as_ref().is_some_and(|c| c.since == Some(630_000)));
        assert_eq!(left(&host, Color::Dark), 281_000);
        // A friend who left on the host's own turn: the host's clock runs on;
        // the guest's does not start when the host has moved.
        let (mut host, _) = timed_pair();
        press_at(&mut host, "a1", 0);
        let mut g2 = match join(&send(&host), "Bob".into()) {
            Ok(t) => t,
            Err(e) => unreachable!("{e}"),
        };
        press_at(&mut g2, "b2", 1_000);
        receive_at(&mut host, send(&g2), 2_000);
        host.apply_at(Action::Presence(Presence::Left), 3_000);
        assert!(
            host.clock.as_ref().is_some_and(|c| c.since == Some(2_000)),
            "the host's own clock runs"
        );
        press_at(&mut host, "c3", 13_000);
        assert!(
            host.clock.as_ref().is_some_and(|c| c.since.is_none()),
            "the friend's does not start"
        );
        // A room of theirs arrives (by link, even one already seen): they
        // are there, and their clock runs.
        receive_at(&mut host, send(&g2), 14_000);
        assert_eq!(host.friend_away, None);
        assert!(host.clock.as_ref().is_some_and(|c| c.since == Some(14_000)));
    }
}

#[test]
fn the_host_hears_the_guest_sit_down_once_and_of_comings_and_goings() {
    let (mut host, mut guest) = pair();
    receive(&mut host, &guest);
    let sat = host.notice.clone().map(|n| (n.key, n.args));
    assert_eq!(sat, Some(("room.friend-joined", vec!["Bob".to_string()])));
    // Once: the guest's next room says nothing of it again.
    press(&mut host, "d6");
    receive(&mut guest, &host);
    press(&mut guest, "a1");
    host.apply(Action::Notify(None));
    receive(&mut host, &guest);
    assert_ne!(host.notice.as_ref().map(|n| n.key), Some("room.friend-joined"));
    // The channel's word of the friend, named.
    guest.apply(Action::Presence(crate::model::Presence::Left));
    assert_eq!(
        guest.notice.clone().map(|n| (n.key, n.args)),
        Some(("room.friend-left", vec!["Ann".to_string()]))
    );
    host.apply(Action::Presence(crate::model::Presence::Back));
    assert_eq!(host.notice.as_ref().map(|n| n.key), Some("room.friend-back"));
    // Without a room on the table, nobody to speak of.
    let mut alone = Model::new(
        Game::new(Rules::default()),
        crate::link::Mode::TwoPlayers { bottom: Color::Light },
    );
    alone.apply(Action::Presence(crate::model::Presence::Left));
    assert_eq!(alone.notice, None);
}
