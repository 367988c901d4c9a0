//! A piece of the first screen drawn a task after the rest
//! ([`crate::first_screen`]); after the first screen, at once.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::first_screen::{is_drawn, piece_drawn, wait_for_piece};

#[derive(Properties, PartialEq)]
pub struct UnfoldProps {
    pub children: Html,
}

/// Its children, drawn a task after the first screen's first render.
#[function_component(Unfold)]
pub fn unfold(props: &UnfoldProps) -> Html {
    let shown = use_state(|| {
        let now = is_drawn();
        if !now {
            wait_for_piece();
        }
        now
    });
    {
        let shown = shown.clone();
        use_effect_with(*shown, move |&drawn| {
            // The effect of the render that drew the children.
            if drawn && !is_drawn() {
                piece_drawn();
            }
            let later = (!drawn).then(|| Timeout::new(0, move || shown.set(true)));
            move || drop(later)
        });
    }
    if *shown {
        props.children.clone()
    } else {
        Html::default()
    }
}
