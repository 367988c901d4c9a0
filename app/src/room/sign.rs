//! Each seat's key, and the signatures on the rooms it sends (WebCrypto).
//!
//! Referee's decisions:
//! - Each side of a room has its own ECDSA P-256 key pair, made in this
//!   browser when the room is first signed here. The private key is made
//!   non-extractable and kept in IndexedDB (`mulino-keys`, one record per
//!   room code): IndexedDB stores the `CryptoKey` itself, so no script,
//!   extension or copy of the profile can read the key's bytes; a JWK in
//!   `localStorage` would have to be extractable and would sit there as
//!   text for anything that reads the origin's storage. Where IndexedDB
//!   is missing, the key lives as long as the page (the friend then
//!   refuses this side's links after a reload: they are signed by another key).
//! - Every room this side sends, by link or live, carries its public key
//!   and its signature of [`Wire::unsigned_text`]: the whole room, so every
//!   turn and action in it. The receiver checks the signature here, and
//!   the model ([`crate::model::room`]) checks that the key is the seat's.
//!
//! The model never waits for a Promise: it is handed rooms already
//! checked ([`Shared::verified`]), so it stays pure and tested natively.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CryptoKey, CryptoKeyPair, IdbDatabase, IdbTransactionMode, SubtleCrypto};

use super::codec::{base64url, unbase64url, Wire};
use super::{Role, Seal, Shared};
use crate::browser::{idb_done as done, idb_open};

const DB: &str = "mulino-keys";
const STORE: &str = "seats";

/// This browser's key for one seat.
#[derive(Clone, Debug)]
pub struct SeatKey {
    private: CryptoKey,
    /// The public key, raw, in base64url: what the rooms carry.
    pub public: String,
}

thread_local! {
    /// The seat keys met on this page, by room code (a few: a list is
    /// enough, and keeps a map's code out of the first load).
    static KEYS: RefCell<Vec<(String, Rc<SeatKey>)>> = const { RefCell::new(Vec::new()) };
}

fn js_err(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "WebCrypto error".into())
}

fn subtle() -> Result<SubtleCrypto, String> {
    let crypto = web_sys::window().ok_or("no window")?.crypto().map_err(js_err)?;
    // `crypto.subtle` is missing outside secure contexts.
    let subtle = Reflect::get(&crypto, &"subtle".into()).map_err(js_err)?;
    if subtle.is_undefined() {
        return Err("this page has no WebCrypto (it needs https)".into());
    }
    Ok(subtle.unchecked_into())
}

fn object(fields: &[(&str, &str)]) -> Object {
    let o = Object::new();
    for (k, v) in fields {
        let _ = Reflect::set(&o, &(*k).into(), &(*v).into());
    }
    o
}

fn curve() -> Object {
    object(&[("name", "ECDSA"), ("namedCurve", "P-256")])
}

fn ecdsa() -> Object {
    object(&[("name", "ECDSA"), ("hash", "SHA-256")])
}

fn usages(list: &[&str]) -> JsValue {
    list.iter()
        .map(|u| JsValue::from_str(u))
        .collect::<js_sys::Array>()
        .into()
}

async fn call(p: Result<js_sys::Promise, JsValue>) -> Result<JsValue, String> {
    JsFuture::from(p.map_err(js_err)?).await.map_err(js_err)
}

/// The key of this side's seat in room `code`: from this page, else from
/// IndexedDB, else a new one (kept in IndexedDB where there is one).
pub async fn seat_key(code: &str) -> Result<Rc<SeatKey>, String> {
    let known = KEYS.with(|m| m.borrow().iter().find(|(c, _)| c == code).map(|(_, k)| k.clone()));
    if let Some(k) = known {
        return Ok(k);
    }
    let db = open().await.ok();
    let stored = match &db {
        Some(db) => get(db, code).await.ok().flatten(),
        None => None,
    };
    let key = match stored {
        Some(k) => k,
        None => {
            let made = generate().await?;
            match &db {
                // Another tab may have made one first: then that one holds.
                Some(db) if add(db, code, &made).await.is_err() => {
                    get(db, code).await.ok().flatten().unwrap_or(made)
                }
                _ => made,
            }
        }
    };
    let key = Rc::new(key);
    KEYS.with(|m| m.borrow_mut().push((code.to_string(), key.clone())));
    Ok(key)
}

/// Forgets this side's key for room `code` (the room was left): from
/// this page and from IndexedDB. A room code met again later gets a new
/// key, which the friend's side refuses: leaving is for good.
pub async fn forget_seat(code: &str) -> Result<(), String> {
    KEYS.with(|m| m.borrow_mut().retain(|(c, _)| c != code));
    let db = open().await.map_err(js_err)?;
    let tx = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .map_err(js_err)?;
    let store = tx.object_store(STORE).map_err(js_err)?;
    done(&store.delete(&code.into()).map_err(js_err)?)
        .await
        .map_err(js_err)?;
    Ok(())
}

/// Forgets this side's keys for the rooms `codes` (left, or let go to
/// make space: `storage::forget_room`, `storage::save_room`), in the
/// background. Nothing to undo if it fails: a key is useless without
/// its room.
pub fn forget_seats(codes: impl IntoIterator<Item = String>) {
    for code in codes {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = forget_seat(&code).await;
        });
    }
}

async fn generate() -> Result<SeatKey, String> {
    let s = subtle()?;
    let pair: CryptoKeyPair = call(s.generate_key_with_object(&curve(), false, &usages(&["sign", "verify"])))
        .await?
        .unchecked_into();
    let raw = call(s.export_key("raw", &pair.get_public_key())).await?;
    Ok(SeatKey {
        private: pair.get_private_key(),
        public: base64url(&js_sys::Uint8Array::new(&raw).to_vec()),
    })
}

/// Signs `w` as this side (`me`) of its room: its key, then its signature.
pub async fn seal(w: &mut Wire, me: Role) -> Result<(), String> {
    let key = seat_key(&w.c).await?;
    w.k[me.index()] = key.public.clone();
    w.z = String::new();
    let text = w.unsigned_text();
    let signature =
        call(subtle()?.sign_with_object_and_u8_array(&ecdsa(), &key.private, text.as_bytes())).await?;
    w.z = base64url(&js_sys::Uint8Array::new(&signature).to_vec());
    Ok(())
}

/// Signs `text` with this side's key for room `code`: its public key
/// and the signature (for what goes through a relay: [`super::relay`]).
pub async fn sign_text(code: &str, text: &str) -> Result<(String, Vec<u8>), String> {
    let key = seat_key(code).await?;
    let signature =
        call(subtle()?.sign_with_object_and_u8_array(&ecdsa(), &key.private, text.as_bytes())).await?;
    Ok((key.public.clone(), js_sys::Uint8Array::new(&signature).to_vec()))
}

/// This side's public key for room `code`.
pub async fn public_key(code: &str) -> Result<String, String> {
    Ok(seat_key(code).await?.public.clone())
}

/// SHA-256 of `text`.
pub async fn sha256(text: &str) -> Result<Vec<u8>, String> {
    let digest = call(subtle()?.digest_with_str_and_u8_array("SHA-256", text.as_bytes())).await?;
    Ok(js_sys::Uint8Array::new(&digest).to_vec())
}

/// Whether `seal` holds: its signature of its text, by its key.
pub async fn holds(seal: &Seal) -> bool {
    let check = async {
        let s = subtle()?;
        let raw = unbase64url(&seal.key).ok_or("bad key")?;
        let key: CryptoKey = call(s.import_key_with_object(
            "raw",
            &js_sys::Uint8Array::from(raw.as_slice()),
            &curve(),
            true,
            &usages(&["verify"]),
        ))
        .await?
        .unchecked_into();
        let ok = call(s.verify_with_object_and_u8_array_and_u8_array(
            &ecdsa(),
            &key,
            &seal.signature,
            seal.text.as_bytes(),
        ))
        .await?;
        Ok::<bool, String>(ok.as_bool() == Some(true))
    };
    check.await.unwrap_or(false)
}

/// Checks a received room's seal (if any), for the model to judge.
pub async fn check(mut shared: Shared) -> Shared {
    let holds = match &shared.seal {
        Some(seal) => holds(seal).await,
        None => false,
    };
    shared.check_seal(|_| holds);
    shared
}

async fn open() -> Result<IdbDatabase, JsValue> {
    let window = web_sys::window().ok_or_else(|| JsValue::from_str("no window"))?;
    idb_open(window.indexed_db(), DB, STORE).await
}

async fn get(db: &IdbDatabase, code: &str) -> Result<Option<SeatKey>, JsValue> {
    let tx = db.transaction_with_str(STORE)?;
    let v = done(&tx.object_store(STORE)?.get(&code.into())?).await?;
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    let private = Reflect::get(&v, &"private".into())?;
    let public = Reflect::get(&v, &"public".into())?.as_string();
    Ok(match (private.dyn_into::<CryptoKey>(), public) {
        (Ok(private), Some(public)) => Some(SeatKey { private, public }),
        _ => None,
    })
}

/// Stores a new seat key; fails if the room has one already.
async fn add(db: &IdbDatabase, code: &str, key: &SeatKey) -> Result<(), JsValue> {
    let tx = db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)?;
    let value = Object::new();
    Reflect::set(&value, &"private".into(), &key.private)?;
    Reflect::set(&value, &"public".into(), &key.public.as_str().into())?;
    done(&tx.object_store(STORE)?.add_with_key(&value, &code.into())?).await?;
    Ok(())
}
