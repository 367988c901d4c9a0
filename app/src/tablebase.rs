//! Perfect play in the endgames of Nine Men's Morris: the endgame
//! tables the app serves (`app/static/tb`, copied to `dist/tb`), loaded by
//! the engine's worker only when a game reaches a class they cover, kept
//! in IndexedDB so that they download once, and shown on the table as
//! "Perfect play: Light wins in 7 plies" (or why they cannot be had).
//! A game one capture from the tables fetches them ahead ([`soon`]), so
//! that they are at hand offline.
//!
//! The served classes: 3v3, 4v3, 4v4, 5v3, 5v4 and 6v3 pieces on the board
//! with their distances, and 5v5, 6v4, 6v5, 7v3 and 7v4 as win, draw or
//! loss only (a table answers for its mirror too: 3v4 from 4v3, 4v5 from
//! 5v4), both hands empty, under the standard rules of Nine Men's Morris
//! (any changed rule option is not covered). A position needs its own
//! class's table and the tables of the classes its captures lead to.
//!
//! Sizes: with distances (file format 2, `scripts/tables.sh` prints them)
//! 3v3 104,278 bytes, 4v3 39,840, 4v4 8,420, 5v3 35,060, 5v4 48,610, 6v3
//! 173,924, 410,132 in all, one byte a position in memory once loaded (51
//! MB all together); win/draw/loss (`scripts/wdl-tables.sh` makes them,
//! not kept in git, served from `wdl/`) 5v5 166,718 bytes, 6v4 2,957,998,
//! 6v5 8,060,213, 7v3 1,113,050 and 7v4 5,564,858, 17.9 MB in all, which
//! stay deflated in memory (a probe inflates a block of 32,768 entries,
//! and up to 512 of them stay inflated, 4 MB a table). All fetched one by
//! one as the game needs them, never on the first load and never by the
//! service worker (see `app/static/sw.js`). 6v6 (24.7 MB even as
//! win/draw/loss) is left out.
//!
//! A win/draw/loss table says who wins, not how soon: the line reads
//! "Perfect play: Light wins", and the engine keeps the result the table
//! shows and searches for the way forward (see `morris_engine`'s
//! tablebase module).
//!
//! The tables live in the tables worker only (one copy is enough): the
//! page asks it for the value of a covered position
//! ([`crate::engine::Request::probe`]) and its search plays from the same
//! tables. The worker the page starts first has no table code at all, so
//! the first load stays as it was; the tables worker takes its place when
//! a game first reaches a covered class.

use morris_core::{Color, Position, Variant};
use morris_solver::{Value, FAR};

use crate::i18n::Lang;

/// The classes served, as (more pieces, fewer pieces), with their files.
const SERVED: [(u32, u32, &str); 11] = [
    (3, 3, "nine-3v3.tb"),
    (4, 3, "nine-4v3.tb"),
    (4, 4, "nine-4v4.tb"),
    (5, 3, "nine-5v3.tb"),
    (5, 4, "nine-5v4.tb"),
    (6, 3, "nine-6v3.tb"),
    (5, 5, "nine-5v5.wdl"),
    (6, 4, "nine-6v4.wdl"),
    (6, 5, "nine-6v5.wdl"),
    (7, 3, "nine-7v3.wdl"),
    (7, 4, "nine-7v4.wdl"),
];

/// The file of a class or of its mirror.
fn file(light: u32, dark: u32) -> Option<&'static str> {
    let (a, b) = (light.max(dark), light.min(dark));
    SERVED
        .iter()
        .find(|&&(x, y, _)| (x, y) == (a, b))
        .map(|&(_, _, f)| f)
}

/// The table files a position needs, if the app's tables cover it: its
/// class's, and those of the classes a capture leads to (a side left with
/// two pieces has lost: no table).
pub fn files(pos: &Position) -> Option<Vec<&'static str>> {
    let standard = *pos.rules() == Variant::Nine.rules();
    if !standard || pos.placements_left() > 0 || pos.terminal().is_some() {
        return None;
    }
    let (l, d) = (pos.pieces(Color::Light).count(), pos.pieces(Color::Dark).count());
    let mut out = vec![file(l, d)?];
    for (cl, cd) in [(l - 1, d), (l, d - 1)] {
        if cl >= 3 && cd >= 3 {
            let f = file(cl, cd)?;
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    Some(out)
}

/// Where a table file is served, from the URL of the `tb/` folder: a
/// win/draw/loss file (`.wdl`, made by `scripts/wdl-tables.sh`, not kept
/// in git) in the `wdl/` folder beside it, the others in `tb/`.
#[cfg(any(target_arch = "wasm32", test))]
pub fn url(base: &str, name: &str) -> String {
    if name.ends_with(".wdl") {
        format!("{base}../wdl/{name}")
    } else {
        format!("{base}{name}")
    }
}

/// What the page knows of perfect play in a covered position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The tables' value for the side to move.
    Value(Value),
    /// A table it needs is being fetched.
    Loading,
    /// A table it needs cannot be had (offline, or the download failed).
    Missing,
    /// Nine's tables for range reads cover it, but the block it needs is
    /// not kept on this device and cannot be fetched: it needs the
    /// network (`crate::web_tables`).
    Network,
}

/// A probe's answer on the wire between the worker and the page: `w7`,
/// `d`, `l12`, `?` (loading), `x` (missing), `n` (needs the network).
pub fn encode(probe: Probe) -> String {
    match probe {
        Probe::Value(Value::Win(d)) => format!("w{d}"),
        Probe::Value(Value::Draw) => "d".into(),
        Probe::Value(Value::Loss(d)) => format!("l{d}"),
        Probe::Loading => "?".into(),
        Probe::Missing => "x".into(),
        Probe::Network => "n".into(),
    }
}

pub fn decode(text: &str) -> Option<Probe> {
    let value = match text.split_at_checked(1)? {
        ("w", d) => Value::Win(d.parse().ok()?),
        ("d", "") => Value::Draw,
        ("l", d) => Value::Loss(d.parse().ok()?),
        ("?", "") => return Some(Probe::Loading),
        ("x", "") => return Some(Probe::Missing),
        ("n", "") => return Some(Probe::Network),
        _ => return None,
    };
    Some(Probe::Value(value))
}

/// Who a win belongs to, as the table names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    You,
    Computer,
    Side(Color),
}

/// The perfect-play line and a value for tests (`win-7`, `draw`,
/// `loss-12` for the side to move, `win` and `loss` from a win/draw/loss
/// table, which does not know how far; `loading`, `missing`,
/// `needs-network`). `winner`
/// names the side that wins when the side to move wins (`true`) or loses.
pub fn describe(lang: Lang, probe: Probe, winner: impl Fn(bool) -> Winner) -> (String, String) {
    let (machine, to_move_wins, plies) = match probe {
        Probe::Value(Value::Draw) => return ("draw".into(), lang.t("perfect.draw")),
        Probe::Loading => return ("loading".into(), lang.t("perfect.loading")),
        Probe::Missing => return ("missing".into(), lang.t("perfect.missing")),
        Probe::Network => return ("needs-network".into(), lang.t("perfect.needs-network")),
        Probe::Value(v @ Value::Win(d)) if !v.exact() => ("win".into(), true, d),
        Probe::Value(v @ Value::Loss(d)) if !v.exact() => ("loss".into(), false, d),
        Probe::Value(Value::Win(d)) => (format!("win-{d}"), true, d),
        Probe::Value(Value::Loss(d)) => (format!("loss-{d}"), false, d),
    };
    let next = match plies {
        1 => "-next",
        d if d >= FAR => "-far",
        _ => "",
    };
    let n = plies.to_string();
    let text = match winner(to_move_wins) {
        Winner::You => lang.fmt(&format!("perfect.you-win{next}"), &[&n]),
        Winner::Computer => lang.fmt(&format!("perfect.computer-wins{next}"), &[&n]),
        Winner::Side(c) => {
            let name = lang.t(match c {
                Color::Light => "color.light",
                Color::Dark => "color.dark",
            });
            // The count comes first, for the plural forms; "-next" and
            // "-far" name only the side.
            if next.is_empty() {
                lang.fmt("perfect.wins", &[&n, &name])
            } else {
                lang.fmt(&format!("perfect.wins{next}"), &[&name])
            }
        }
    };
    (machine, text)
}

/// The table files worth fetching ahead for a game in progress: those of
/// the classes its next capture leads into, when the position itself is
/// not covered yet (a covered position's [`files`] already name them).
/// Only once both hands are empty under the standard rules: a game there
/// is one capture from the tables.
pub fn soon(pos: &Position) -> Vec<&'static str> {
    let standard = *pos.rules() == Variant::Nine.rules();
    if !standard || pos.placements_left() > 0 || pos.terminal().is_some() || files(pos).is_some() {
        return Vec::new();
    }
    let (l, d) = (pos.pieces(Color::Light).count(), pos.pieces(Color::Dark).count());
    let mut out = Vec::new();
    for (cl, cd) in [(l.saturating_sub(1), d), (l, d.saturating_sub(1))] {
        if cl < 3 || cd < 3 {
            continue;
        }
        let Some(own) = file(cl, cd) else { continue };
        let after = [(cl - 1, cd), (cl, cd - 1)]
            .into_iter()
            .filter(|&(a, b)| a >= 3 && b >= 3);
        for f in std::iter::once(Some(own))
            .chain(after.map(|(a, b)| file(a, b)))
            .flatten()
        {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

#[cfg(target_arch = "wasm32")]
pub use browser::{download, fetch_class, Download};

#[cfg(target_arch = "wasm32")]
mod browser {
    //! Fetching a table file in the worker: IndexedDB first, the network
    //! (then IndexedDB) otherwise.

    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{IdbDatabase, IdbTransactionMode};

    use morris_solver::FORMAT_VERSION;

    use crate::browser::{idb_done as done, idb_open};

    /// The IndexedDB key of a file: the format version in it, so that a
    /// build reading another version fetches its own files.
    fn cache_key(name: &str) -> String {
        format!("{name}#v{FORMAT_VERSION}")
    }

    const DB: &str = "mulino-tables";
    const STORE: &str = "tables";

    fn reason(v: &JsValue) -> String {
        v.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| v.as_string())
            .unwrap_or_else(|| "unknown error".into())
    }

    async fn get(db: &IdbDatabase, key: &str) -> Result<Option<Vec<u8>>, JsValue> {
        let tx = db.transaction_with_str(STORE)?;
        let v = done(&tx.object_store(STORE)?.get(&JsValue::from_str(key))?).await?;
        Ok(v.dyn_ref::<js_sys::Uint8Array>().map(js_sys::Uint8Array::to_vec))
    }

    async fn put(db: &IdbDatabase, key: &str, bytes: &[u8]) -> Result<(), JsValue> {
        let tx = db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)?;
        let value = js_sys::Uint8Array::from(bytes);
        done(
            &tx.object_store(STORE)?
                .put_with_key(&value, &JsValue::from_str(key))?,
        )
        .await?;
        Ok(())
    }

    /// Why a download failed.
    #[derive(Debug)]
    pub enum Download {
        /// No answer: offline, or the request was blocked.
        Unreachable(String),
        /// An answer other than 200 OK: its status.
        Status(u16),
    }

    impl std::fmt::Display for Download {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                Download::Unreachable(why) => f.write_str(why),
                Download::Status(status) => write!(f, "HTTP {status}"),
            }
        }
    }

    /// The bytes at `url`, fetched from the worker (through the service
    /// worker, which keeps what the app fetches for offline use).
    pub async fn download(url: &str) -> Result<Vec<u8>, Download> {
        let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
        let unreachable = |e: JsValue| Download::Unreachable(reason(&e));
        let res: web_sys::Response = JsFuture::from(scope.fetch_with_str(url))
            .await
            .map_err(unreachable)?
            .unchecked_into();
        if !res.ok() {
            return Err(Download::Status(res.status()));
        }
        let buf = JsFuture::from(res.array_buffer().map_err(unreachable)?)
            .await
            .map_err(unreachable)?;
        Ok(js_sys::Uint8Array::new(&buf).to_vec())
    }

    /// The bytes of table file `name` from the folder `base`: from
    /// IndexedDB when it has them (and `fresh` is false), else downloaded
    /// and stored there. IndexedDB failing (private modes) only means a
    /// download every time.
    pub async fn fetch_class(base: &str, name: &str, fresh: bool) -> Result<Vec<u8>, String> {
        let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
        let key = cache_key(name);
        let db = idb_open(scope.indexed_db(), DB, STORE).await.ok();
        if let (Some(db), false) = (&db, fresh) {
            if let Ok(Some(bytes)) = get(db, &key).await {
                return Ok(bytes);
            }
        }
        let url = super::url(base, name);
        let bytes = download(&url).await.map_err(|e| format!("{url}: {e}"))?;
        if let Some(db) = &db {
            let _ = put(db, &key, &bytes).await;
        }
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap_or_else(|e| unreachable!("{text}: {e}"))
    }

    #[test]
    fn only_standard_nine_endgames_need_tables() {
        let three = pos("nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -");
        assert_eq!(files(&three), Some(vec!["nine-3v3.tb"]));
        let four = pos("nine .D./DL./.../..L..L/.../L../.D. D 0/0 0/0 -");
        assert_eq!(files(&four), Some(vec!["nine-4v3.tb", "nine-3v3.tb"]));
        // Three against four: the 4v3 table answers for its mirror.
        let mirror = pos("nine .D./DL./.../..L..L/.../D../.D. D 0/0 0/0 -");
        assert_eq!(files(&mirror), Some(vec!["nine-4v3.tb", "nine-3v3.tb"]));
        let five_four = pos("nine LD./DL./.L./..L..L/.../D../.D. D 0/0 0/0 -");
        assert_eq!(
            files(&five_four),
            Some(vec!["nine-5v4.tb", "nine-4v4.tb", "nine-5v3.tb"])
        );
        // 5v5, 6v4, 6v5, 7v3 and 7v4 as win/draw/loss tables.
        assert_eq!(
            files(&pos("nine LD./DL./.LD/..L..L/.../D../.D. D 0/0 0/0 -")),
            Some(vec!["nine-5v5.wdl", "nine-5v4.tb"])
        );
        let six_four = pos("nine LD./DL./LL./..L..L/.../D../.D. D 0/0 0/0 -");
        assert_eq!(
            files(&six_four),
            Some(vec!["nine-6v4.wdl", "nine-5v4.tb", "nine-6v3.tb"])
        );
        // 6v6 is not served.
        assert_eq!(
            files(&pos("nine LD./DL./LLD/..L..L/.../DD./.D. D 0/0 0/0 -")),
            None
        );
        assert_eq!(
            files(&pos("nine:flying=off .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -")),
            None
        );
        assert_eq!(
            files(&pos("nine .D./DL./.../..L..L/.../.../... L 0/1 0/0 -")),
            None
        );
        assert_eq!(files(&morris_core::Position::new(Variant::Nine.rules())), None);
    }

    #[test]
    fn answers_cross_the_wire() {
        for p in [
            Probe::Value(Value::Win(7)),
            Probe::Value(Value::Draw),
            Probe::Value(Value::Loss(12)),
            Probe::Value(Value::Win(0)),
            Probe::Loading,
            Probe::Missing,
            Probe::Network,
        ] {
            assert_eq!(decode(&encode(p)), Some(p));
        }
        for bad in ["", "w", "x3", "?x", "dd", "nn"] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn win_draw_loss_files_are_served_beside_the_others() {
        let base = "https://example.org/mulino/tb/";
        assert_eq!(
            url(base, "nine-3v3.tb"),
            "https://example.org/mulino/tb/nine-3v3.tb"
        );
        assert_eq!(
            url(base, "nine-6v4.wdl"),
            "https://example.org/mulino/tb/../wdl/nine-6v4.wdl"
        );
    }

    #[test]
    fn the_line_says_whose_win_and_counts_plies() {
        let side = |light_to_move: bool| {
            move |to_move_wins: bool| {
                Winner::Side(if to_move_wins == light_to_move {
                    Color::Light
                } else {
                    Color::Dark
                })
            }
        };
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Win(7)), side(true)),
            ("win-7".into(), "Perfect play: Light wins in 7 plies".into())
        );
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Loss(12)), side(true)).1,
            "Perfect play: Dark wins in 12 plies"
        );
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Win(1)), side(false)).1,
            "Perfect play: Dark wins with the next move"
        );
        let vs = |to_move_wins: bool| {
            if to_move_wins {
                Winner::You
            } else {
                Winner::Computer
            }
        };
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Win(5)), vs).1,
            "Perfect play: you win in 5 plies"
        );
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Loss(6)), vs).1,
            "Perfect play: the computer wins in 6 plies"
        );
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Draw), vs).1,
            "Perfect play: draw"
        );
        // A win/draw/loss table's: who wins, not how soon.
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Win(FAR)), side(true)),
            ("win".into(), "Perfect play: Light wins".into())
        );
        assert_eq!(
            describe(Lang::En, Probe::Value(Value::Loss(FAR)), vs),
            ("loss".into(), "Perfect play: the computer wins".into())
        );
        assert_eq!(describe(Lang::En, Probe::Missing, vs).0, "missing");
        assert!(describe(Lang::En, Probe::Missing, vs).1.contains("offline"));
        assert_eq!(
            describe(Lang::En, Probe::Network, vs),
            (
                "needs-network".into(),
                "Perfect play needs the network: this position's part of the tables is not on this device yet".into()
            )
        );
        for lang in [Lang::It, Lang::PtPt] {
            for p in [
                Probe::Value(Value::Win(7)),
                Probe::Value(Value::Win(1)),
                Probe::Value(Value::Loss(12)),
                Probe::Value(Value::Win(FAR)),
                Probe::Value(Value::Loss(FAR)),
                Probe::Missing,
                Probe::Loading,
                Probe::Network,
            ] {
                for w in [side(true), side(false)] {
                    let (_, text) = describe(lang, p, w);
                    assert_ne!(text, describe(Lang::En, p, w).1, "{lang:?} {p:?}");
                    assert!(!text.contains('{'), "{text}");
                }
                let (_, text) = describe(lang, p, vs);
                assert!(!text.contains('{'), "{text}");
            }
        }
    }

    #[test]
    fn a_game_one_capture_from_the_tables_fetches_them_ahead() {
        // Seven against five, hands empty: a capture leads to 6v5 or 7v4.
        let seven_five = pos("nine LDL/DL./LL./..L..L/.../D../.DD D 0/0 0/0 -");
        assert_eq!(files(&seven_five), None);
        assert_eq!(
            soon(&seven_five),
            [
                "nine-6v5.wdl",
                "nine-5v5.wdl",
                "nine-6v4.wdl",
                "nine-7v4.wdl",
                "nine-7v3.wdl"
            ]
        );
        // Covered already, or still placing, or other rules: nothing ahead.
        assert!(soon(&pos("nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -")).is_empty());
        assert!(soon(&morris_core::Position::new(Variant::Nine.rules())).is_empty());
        assert!(soon(&pos("nine:flying=off LD./DL./LL./..L..L/.../D../... D 0/0 0/0 -")).is_empty());
        // Eight against six: two captures from the tables.
        assert!(soon(&pos("nine LDL/DLD/LDL/DL..LL/.../.../... D 0/0 0/0 -")).is_empty());
    }
}
