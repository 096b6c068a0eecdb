//! One error type for the HTTP API, mapped to statuses and JSON bodies
//! `{"error": "<code>", "message": "<for people>"}`.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// What went wrong with a request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or asks for something impossible.
    #[error("{1}")]
    BadRequest(&'static str, String),
    /// No seat token where one is needed.
    #[error("this action needs the seat's token (Authorization: Bearer <token>)")]
    NoToken,
    /// A token that is not the acting seat's, or an action out of turn.
    #[error("{1}")]
    Forbidden(&'static str, String),
    /// No such game (or route).
    #[error("{0}")]
    NotFound(String),
    /// The game is over, or the action conflicts with its state.
    #[error("{1}")]
    Conflict(&'static str, String),
    /// Too many requests; retry after this many seconds.
    #[error("too many requests: retry in {0} s")]
    RateLimited(u64),
    /// A cross-origin request that is not allowed.
    #[error("cross-origin requests from {0} are not allowed")]
    Origin(String),
    /// The request body is larger than the limit.
    #[error("request body too large")]
    TooLarge,
    /// Storage failed; the action was not applied.
    #[error("storage failed: {0}")]
    Storage(String),
    /// The server is shutting down or the game's task has gone.
    #[error("{0}")]
    Unavailable(String),
}

impl ApiError {
    /// The HTTP status and the short code of the body.
    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::BadRequest(code, _) => (StatusCode::BAD_REQUEST, code),
            ApiError::NoToken => (StatusCode::UNAUTHORIZED, "no-token"),
            ApiError::Forbidden(code, _) => (StatusCode::FORBIDDEN, code),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not-found"),
            ApiError::Conflict(code, _) => (StatusCode::CONFLICT, code),
            ApiError::RateLimited(_) => (StatusCode::TOO_MANY_REQUESTS, "rate-limited"),
            ApiError::Origin(_) => (StatusCode::FORBIDDEN, "origin"),
            ApiError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too-large"),
            ApiError::Storage(_) => (StatusCode::INTERNAL_SERVER_ERROR, "storage"),
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let body = json!({"error": code, "message": self.to_string()});
        let mut response = (status, Json(body)).into_response();
        if let ApiError::RateLimited(secs) = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        }
        response
    }
}
