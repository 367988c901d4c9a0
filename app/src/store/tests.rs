use super::*;

fn memory(pairs: &[(&str, &str)]) -> Memory {
    Memory {
        values: pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        quota: None,
    }
}

/// Version 1 marked a finished room nowhere: the tests' payloads say it.
fn over_v1(e: &Entry) -> bool {
    e.body.contains("over")
}

fn codes(kept: &[Kept]) -> Vec<&str> {
    kept.iter().map(|k| k.code.as_str()).collect()
}

#[test]
fn entries_round_trip_and_version_one_reads_as_it_is() {
    let e = Entry::new(1_733_140_000_000, true, "variant=nine&moves=a1\nwith a line");
    assert_eq!(Entry::read(&e.to_text()), Ok(e));
    let old = Entry::read("variant=six&moves=a1").unwrap_or_else(|e| unreachable!("{e}"));
    assert_eq!(
        (old.version, old.saved, old.body.as_str()),
        (1, 0, "variant=six&moves=a1")
    );
    assert_eq!(Entry::read("v=3&t=1\nx"), Err(Unreadable::Newer(3)));
    assert!(matches!(Entry::read("v=2&t=soon\nx"), Err(Unreadable::Header(_))));
    assert!(matches!(Entry::read("v=2"), Err(Unreadable::Header(_))));
}

#[test]
fn todays_saves_are_read_by_the_new_code() {
    // Version 1, as the app wrote it before the header: the game as link
    // text or a room mark, rooms under their codes and their list apart.
    let mut store = memory(&[
        ("mulino.game", "room=k7qm2xpa"),
        ("mulino.rooms", "k7qm2xpa,abcdefgh,zzzzzzzz"),
        ("mulino.room.k7qm2xpa", "payload-1"),
        ("mulino.room.abcdefgh", "payload-2 over"),
        ("mulino.room.zzzzzzzz", "payload-3"),
        // Written, but the list write failed: repaired into the list.
        ("mulino.room.halfdone", "payload-4"),
    ]);
    let game = load(&store, GAME).ok().flatten().map(|e| e.body);
    assert_eq!(game.as_deref(), Some("room=k7qm2xpa"));
    let kept = rooms(&store, over_v1);
    assert_eq!(codes(&kept), ["k7qm2xpa", "abcdefgh", "zzzzzzzz", "halfdone"]);
    assert_eq!(kept[0].entry.body, "payload-1");
    assert!(kept[1].entry.over && !kept[0].entry.over);

    // Saving one room writes it as version 2, first in the list.
    assert_eq!(
        save_room(&mut store, &kept, "zzzzzzzz", "payload-3b", false, 5),
        Ok(vec![])
    );
    let kept = rooms(&store, over_v1);
    assert_eq!(codes(&kept), ["zzzzzzzz", "k7qm2xpa", "abcdefgh", "halfdone"]);
    assert!(store
        .get("mulino.room.zzzzzzzz")
        .is_some_and(|v| v.starts_with("v=2&t=5&over=0\n")));
    assert!(
        store.get(LEGACY_ROOMS).is_some(),
        "kept while version-1 rooms are left"
    );
    for (i, code) in ["k7qm2xpa", "abcdefgh", "halfdone"].into_iter().enumerate() {
        let kept = rooms(&store, over_v1);
        assert_eq!(
            save_room(&mut store, &kept, code, "p", false, 6 + i as u64),
            Ok(vec![])
        );
    }
    assert!(
        store.get(LEGACY_ROOMS).is_none(),
        "the old list goes with the last version-1 room"
    );
}

fn full_of_rooms(finished: &[usize]) -> Memory {
    let mut store = Memory::default();
    for i in 0..MAX_ROOMS {
        let over = finished.contains(&i);
        let _ = save(
            &mut store,
            &format!("{ROOM}room{i:04}"),
            "p",
            over,
            100 + i as u64,
        );
    }
    store
}

#[test]
fn a_new_room_pushes_out_finished_rooms_oldest_first() {
    let mut store = full_of_rooms(&[3, 7]);
    let kept = rooms(&store, over_v1);
    assert_eq!(
        evictions(&kept, "room0010", MAX_ROOMS),
        Ok(vec![]),
        "a kept room fits"
    );
    assert_eq!(
        evictions(&kept, "fresh", MAX_ROOMS),
        Ok(vec!["room0003".to_string()])
    );
    assert_eq!(
        save_room(&mut store, &kept, "fresh", "p", false, 1000),
        Ok(vec!["room0003".to_string()]),
        "the forgotten room is named, so its seat key goes too"
    );
    let kept = rooms(&store, over_v1);
    assert_eq!(kept.len(), MAX_ROOMS);
    assert_eq!(kept[0].code, "fresh");
    assert!(!codes(&kept).contains(&"room0003") && codes(&kept).contains(&"room0007"));
}

#[test]
fn unfinished_rooms_are_never_pushed_out() {
    let mut store = full_of_rooms(&[]);
    let kept = rooms(&store, over_v1);
    let before = store.clone();
    assert_eq!(
        save_room(&mut store, &kept, "fresh", "p", false, 1000),
        Err(SaveError::RoomsFull)
    );
    assert_eq!(store, before, "nothing forgotten, nothing written");
    // Thirty fresh invites over kept rooms: every unfinished one stays.
    let mut store = full_of_rooms(&[0, 1]);
    for i in 0..30 {
        let kept = rooms(&store, over_v1);
        let _ = save_room(&mut store, &kept, &format!("invite{i:02}"), "p", false, 2000 + i);
    }
    let kept = rooms(&store, over_v1);
    assert_eq!(kept.len(), MAX_ROOMS);
    assert!((2..MAX_ROOMS).all(|i| codes(&kept).contains(&format!("room{i:04}").as_str())));
}

#[test]
fn a_room_left_is_gone_from_the_list_and_the_saved_game() {
    let mut store = memory(&[
        ("mulino.game", "room=k7qm2xpa"),
        ("mulino.rooms", "k7qm2xpa,abcdefgh"),
        ("mulino.room.k7qm2xpa", "payload-1"),
        ("mulino.room.abcdefgh", "payload-2"),
    ]);
    forget_room(&mut store, "abcdefgh");
    assert_eq!(codes(&rooms(&store, over_v1)), ["k7qm2xpa"]);
    assert_eq!(
        store.get("mulino.game").as_deref(),
        Some("room=k7qm2xpa"),
        "another room's game stays"
    );
    assert_eq!(store.get(LEGACY_ROOMS).as_deref(), Some("k7qm2xpa"));
    forget_room(&mut store, "k7qm2xpa");
    assert!(rooms(&store, over_v1).is_empty());
    assert_eq!(
        store.get("mulino.game"),
        None,
        "the saved game named the room left"
    );
    // Forgetting a room that is not kept changes nothing.
    let before = store.clone();
    forget_room(&mut store, "nothere1");
    assert_eq!(store, before);
}

#[test]
fn an_unreadable_value_is_kept_aside_as_it_was() {
    let mut store = memory(&[(GAME, "v=9&t=1\nfrom the future"), ("mulino.broken.7", "older")]);
    assert_eq!(load(&store, GAME), Err(Unreadable::Newer(9)));
    let aside = keep_aside(&mut store, GAME, 7);
    assert_eq!(aside, Ok(Some("mulino.broken.8".to_string())));
    assert_eq!(
        store.get("mulino.broken.8").as_deref(),
        Some("v=9&t=1\nfrom the future")
    );
    assert_eq!(store.get("mulino.broken.7").as_deref(), Some("older"));
    assert_eq!(store.get(GAME), None);
    // No space to keep it: it stays where it was.
    let mut full = memory(&[(GAME, "damaged")]);
    full.quota = Some(20);
    assert_eq!(keep_aside(&mut full, GAME, 7), Err(Full));
    assert_eq!(full.get(GAME).as_deref(), Some("damaged"));
}

#[test]
fn recent_games_newest_first_and_taken_once() {
    let mut store = Memory::default();
    assert_eq!(keep_recent(&mut store, "variant=nine&moves=a1", 10), Ok(()));
    assert_eq!(keep_recent(&mut store, "variant=six&moves=a1", 10), Ok(()));
    let list = recent(&store);
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].1.body, "variant=six&moves=a1");
    let id = list[0].0.clone();
    assert_eq!(
        take_recent(&mut store, &id).as_deref(),
        Some("variant=six&moves=a1")
    );
    assert_eq!(take_recent(&mut store, &id), None);
    assert_eq!(recent(&store).len(), 1);
}

#[test]
fn a_stale_tab_never_overwrites_a_newer_save() {
    assert_eq!(decide(None, None, "a"), Decision::Write);
    assert_eq!(
        decide(None, Some("x"), "a"),
        Decision::Write,
        "the first save of the page"
    );
    assert_eq!(decide(Some("a"), Some("a"), "b"), Decision::Write);
    assert_eq!(decide(Some("a"), Some("b"), "b"), Decision::Skip);
    assert_eq!(decide(Some("a"), Some("c"), "b"), Decision::Stale);
    assert_eq!(
        decide(Some("a"), None, "b"),
        Decision::Write,
        "removed elsewhere: written again"
    );
}

#[test]
fn a_full_store_refuses_the_write() {
    let mut store = Memory {
        quota: Some(64),
        ..Memory::default()
    };
    assert_eq!(save(&mut store, GAME, "variant=nine", false, 1), Ok(()));
    assert_eq!(save(&mut store, GAME, &"x".repeat(100), false, 2), Err(Full));
    assert!(load(&store, GAME).is_ok_and(|e| e.is_some_and(|e| e.body == "variant=nine")));
}
