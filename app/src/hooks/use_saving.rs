//! Saving after every change: a room under its code (and the list of
//! rooms), any other game as its link; gives the rooms kept in this
//! browser for the list of rooms.

use yew::prelude::*;

use crate::model::room::{share, summary, Summary};
use crate::model::Model;
use crate::opening::{kept_room, ROOM_MARK};
use crate::storage;

/// Saves `model` whenever its saved form changes; the kept rooms.
#[hook]
pub fn use_saving(model: &Model) -> Vec<Summary> {
    let rooms = use_state(Vec::<Summary>::new);
    let saved = match &model.room {
        Some(r) => format!("{ROOM_MARK}{}", share(model, r, None).to_text()),
        None => model.link(),
    };
    let room = model
        .room
        .as_ref()
        .map(|r| (r.code.clone(), share(model, r, None).to_link()));
    {
        let rooms = rooms.clone();
        use_effect_with(saved, move |saved| {
            match room {
                Some((code, link)) => {
                    storage::save_room(&code, &link);
                    storage::save_game(&format!("{ROOM_MARK}{code}"));
                }
                None => storage::save_game(saved),
            }
            let list = storage::room_codes()
                .iter()
                .filter_map(|c| kept_room(c))
                .filter_map(|t| summary(&t))
                .collect();
            rooms.set(list);
        });
    }
    (*rooms).clone()
}
