//! The reader over HTTP in a browser (a page or a worker) or Node: the
//! global `fetch` with `Range:` headers, and the Cache API where the
//! global scope has one (windows and workers on secure origins; Node has
//! none, and caches in memory only).

use js_sys::{Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, CacheStorage, Response};

use super::{manifest_bytes, BlockStore, RangeSource, RemoteError, RemoteReader, DEFAULT_CACHE_BYTES};
use crate::web::{Manifest, ManifestClass, ManifestFile, WebTableError, MANIFEST_FILE};

#[wasm_bindgen]
extern "C" {
    /// The global `fetch`: a window's, a worker's, Node's (18 and later).
    #[wasm_bindgen(js_name = fetch, catch)]
    fn global_fetch(url: &str, init: &JsValue) -> Result<Promise, JsValue>;
}

/// The name of the Cache API cache the blocks are kept in.
pub const CACHE_NAME: &str = "mulino-web-tables";

/// Web table files over `fetch` and the Cache API.
pub type RemoteTables = RemoteReader<Http, BrowserCache>;

impl RemoteReader<Http, BrowserCache> {
    /// The files at `base_url` (the folder of `manifest.json`, absolute or
    /// relative to the page), each cache bounded by
    /// [`DEFAULT_CACHE_BYTES`].
    pub async fn open(base_url: &str) -> Result<RemoteTables, RemoteError> {
        RemoteTables::open_bounded(base_url, DEFAULT_CACHE_BYTES).await
    }

    /// [`RemoteTables::open`] with each cache bounded by `cache_bytes`.
    pub async fn open_bounded(base_url: &str, cache_bytes: usize) -> Result<RemoteTables, RemoteError> {
        let source = Http::new(base_url);
        let store = BrowserCache::open(&source.base).await;
        let url = source.url(MANIFEST_FILE);
        let bytes = manifest_bytes(&source, &store).await?;
        let manifest = manifest_of_json(&bytes).map_err(|why| RemoteError::BadManifest { url, why })?;
        RemoteReader::with_manifest(source, store, manifest, cache_bytes).await
    }
}

/// The manifest read by `JSON.parse`, its fields taken one by one: the
/// same as [`Manifest::parse`] without serde_json's parser in the module
/// (checked by [`RemoteReader::with_manifest`]).
fn manifest_of_json(bytes: &[u8]) -> Result<Manifest, WebTableError> {
    let bad = |why: String| WebTableError::Manifest(why);
    let text = std::str::from_utf8(bytes).map_err(|e| bad(e.to_string()))?;
    let value = js_sys::JSON::parse(text).map_err(|e| bad(format!("not JSON: {}", describe(&e))))?;
    let classes = field(&value, "classes")?;
    let classes = classes
        .dyn_ref::<js_sys::Array>()
        .ok_or_else(|| bad("`classes` is not a list".into()))?;
    Ok(Manifest {
        format: text_field(&value, "format")?,
        version: u32::try_from(number_field(&value, "version")?).map_err(|e| bad(e.to_string()))?,
        rules: text_field(&value, "rules")?,
        classes: classes.iter().map(|c| class_of(&c)).collect::<Result<_, _>>()?,
    })
}

fn field(value: &JsValue, key: &str) -> Result<JsValue, WebTableError> {
    let found = Reflect::get(value, &key.into())
        .ok()
        .filter(|v| !v.is_undefined());
    found.ok_or_else(|| WebTableError::Manifest(format!("`{key}` is missing")))
}

fn text_field(value: &JsValue, key: &str) -> Result<String, WebTableError> {
    field(value, key)?
        .as_string()
        .ok_or_else(|| WebTableError::Manifest(format!("`{key}` is not a string")))
}

/// A whole number from 0 to 2^53, as JSON numbers hold exactly.
fn number_field(value: &JsValue, key: &str) -> Result<u64, WebTableError> {
    let n = field(value, key)?.as_f64().unwrap_or(-1.0);
    if n.fract() != 0.0 || !(0.0..=9_007_199_254_740_992.0).contains(&n) {
        return Err(WebTableError::Manifest(format!("`{key}` is not a whole number")));
    }
    Ok(n as u64)
}

fn file_of(value: &JsValue) -> Result<ManifestFile, WebTableError> {
    Ok(ManifestFile {
        file: text_field(value, "file")?,
        bytes: number_field(value, "bytes")?,
        sha256: text_field(value, "sha256")?,
    })
}

fn class_of(value: &JsValue) -> Result<ManifestClass, WebTableError> {
    let parts = field(value, "parts")?;
    let parts = parts
        .dyn_ref::<js_sys::Array>()
        .ok_or_else(|| WebTableError::Manifest("`parts` is not a list".into()))?;
    Ok(ManifestClass {
        class: text_field(value, "class")?,
        entries: number_field(value, "entries")?,
        blocks: number_field(value, "blocks")?,
        block_bytes: number_field(value, "block_bytes")?,
        index: file_of(&field(value, "index")?)?,
        parts: parts.iter().map(|p| file_of(&p)).collect::<Result<_, _>>()?,
    })
}

/// A static host reached by `fetch`.
#[derive(Clone, Debug)]
pub struct Http {
    /// The folder's address, ending in `/`.
    base: String,
    /// The folder address's query (`?…`, or empty), asked with every file:
    /// a host that wants a token in it gets it each time.
    query: String,
}

impl Http {
    /// The folder at `base_url`; a query in it is kept for every file,
    /// a fragment (`#…`) dropped.
    pub fn new(base_url: &str) -> Http {
        let (base, query) = super::split_folder_url(base_url);
        Http { base, query }
    }
}

/// What a JavaScript error says.
fn describe(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "the request failed".into())
}

/// A `GET` of `url`, with a `Range:` header when given one.
async fn send(url: &str, range: Option<&str>) -> Result<Response, RemoteError> {
    let offline = |e: &JsValue| RemoteError::Offline {
        url: url.to_owned(),
        why: describe(e),
    };
    let init = Object::new();
    if let Some(range) = range {
        let headers = Object::new();
        Reflect::set(&headers, &"Range".into(), &range.into()).map_err(|e| offline(&e))?;
        Reflect::set(&init, &"headers".into(), &headers).map_err(|e| offline(&e))?;
        // Past the browser's HTTP cache, which the reader does not need (it
        // keeps the blocks itself): through it Chromium sends the ranges of
        // one file one after another, a round trip each, where without it
        // they go out together.
        Reflect::set(&init, &"cache".into(), &"no-store".into()).map_err(|e| offline(&e))?;
    }
    let promise = global_fetch(url, &init).map_err(|e| offline(&e))?;
    let answer = JsFuture::from(promise).await.map_err(|e| offline(&e))?;
    answer.dyn_into::<Response>().map_err(|e| offline(&e))
}

/// The body of a response, read whole.
async fn body(url: &str, response: &Response) -> Result<Vec<u8>, RemoteError> {
    let offline = |e: &JsValue| RemoteError::Offline {
        url: url.to_owned(),
        why: describe(e),
    };
    let promise = response.array_buffer().map_err(|e| offline(&e))?;
    let buffer = JsFuture::from(promise).await.map_err(|e| offline(&e))?;
    Ok(Uint8Array::new(&buffer).to_vec())
}

/// Stops a body that will not be read (a whole file sent for a range).
fn drop_body(response: &Response) {
    if let Some(stream) = response.body() {
        // Whether the cancel succeeds changes nothing: the answer is refused.
        let _cancelled = stream.cancel();
    }
}

impl RangeSource for Http {
    fn url(&self, file: &str) -> String {
        format!("{}{file}{}", self.base, self.query)
    }

    async fn fetch_file(&self, file: &str) -> Result<Vec<u8>, RemoteError> {
        let url = self.url(file);
        let response = send(&url, None).await?;
        let status = response.status();
        if !(200..300).contains(&status) {
            drop_body(&response);
            return Err(RemoteError::Http { url, status });
        }
        body(&url, &response).await
    }

    async fn fetch_range(&self, file: &str, start: u64, end: u64) -> Result<Vec<u8>, RemoteError> {
        let url = self.url(file);
        let last = end.saturating_sub(1);
        let asked = format!("bytes={start}-{last}");
        let response = send(&url, Some(&asked)).await?;
        let status = response.status();
        if status != 206 {
            drop_body(&response);
            return Err(if (200..300).contains(&status) {
                RemoteError::NoRanges { url, status }
            } else {
                RemoteError::Http { url, status }
            });
        }
        let wrong = |found: String| RemoteError::WrongRange {
            url: url.clone(),
            asked: asked.clone(),
            found,
        };
        // Content-Range is read where the host lets a page see it (CORS
        // exposes it only when the host says so); the length always is.
        let headers = response.headers();
        if let Ok(Some(range)) = headers.get("content-range") {
            if !range.starts_with(&format!("bytes {start}-{last}/")) {
                drop_body(&response);
                return Err(wrong(range));
            }
        }
        if let Ok(Some(length)) = headers.get("content-length") {
            if length.trim().parse::<u64>().ok() != Some(end - start) {
                drop_body(&response);
                return Err(wrong(format!("{length} bytes")));
            }
        }
        let bytes = body(&url, &response).await?;
        if bytes.len() as u64 != end - start {
            return Err(wrong(format!("{} bytes", bytes.len())));
        }
        Ok(bytes)
    }
}

/// The blocks kept across reloads in the Cache API's cache
/// [`CACHE_NAME`], under the files' own addresses with the block's range
/// as a query; none where the global scope has no `caches` (Node, an
/// insecure origin).
#[derive(Clone, Debug)]
pub struct BrowserCache {
    cache: Option<Cache>,
    base: String,
}

impl BrowserCache {
    /// The cache of the files at `base` (ending in `/`).
    pub async fn open(base: &str) -> BrowserCache {
        let caches = Reflect::get(&js_sys::global(), &"caches".into())
            .ok()
            .and_then(|c| c.dyn_into::<CacheStorage>().ok());
        let mut cache = None;
        if let Some(caches) = caches {
            if let Ok(opened) = JsFuture::from(caches.open(CACHE_NAME)).await {
                cache = opened.dyn_into::<Cache>().ok();
            }
        }
        BrowserCache {
            cache,
            base: base.to_owned(),
        }
    }

    /// Whether the blocks outlive the page (a Cache API is there).
    pub fn is_lasting(&self) -> bool {
        self.cache.is_some()
    }
}

impl BlockStore for BrowserCache {
    async fn load(&self, key: &str) -> Option<Vec<u8>> {
        let cache = self.cache.as_ref()?;
        let url = format!("{}{key}", self.base);
        let found = JsFuture::from(cache.match_with_str(&url)).await.ok()?;
        let response = found.dyn_into::<Response>().ok()?;
        body(&url, &response).await.ok()
    }

    async fn save(&self, key: &str, mut bytes: Vec<u8>) {
        let Some(cache) = self.cache.as_ref() else {
            return;
        };
        let url = format!("{}{key}", self.base);
        if let Ok(response) = Response::new_with_opt_u8_array(Some(&mut bytes)) {
            // A cache that is full or refuses is no cache: nothing to do.
            let _saved = JsFuture::from(cache.put_with_str(&url, &response)).await;
        }
    }

    async fn delete(&self, key: &str) {
        if let Some(cache) = self.cache.as_ref() {
            let url = format!("{}{key}", self.base);
            let _deleted = JsFuture::from(cache.delete_with_str(&url)).await;
        }
    }
}
