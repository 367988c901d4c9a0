//! The one error type of the API: a message for a JavaScript `Error`
//! (wasm-bindgen turns any `std::error::Error` into a `JsError`).

use std::fmt;

/// What went wrong, said for the person who called the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

impl ApiError {
    pub fn new(message: impl Into<String>) -> ApiError {
        ApiError(message.into())
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ApiError {}

impl From<serde_wasm_bindgen::Error> for ApiError {
    fn from(e: serde_wasm_bindgen::Error) -> ApiError {
        ApiError(e.to_string())
    }
}
