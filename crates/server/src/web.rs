//! The browser client: the files of `web/`, embedded in the binary at
//! build time and served at `/` (the lobby), `/game/{id}` (a game; the
//! client reads the address) and by path (`/js/app.js`). Static files are
//! outside the API's rate limits: a page load fetches a dozen at once.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// The client's files (the path is relative to this crate).
#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

/// The content type of a file by its extension; the client ships only
/// these kinds.
fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("woff2") => "font/woff2",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The page every client route loads: the client reads the address.
pub async fn index(headers: HeaderMap) -> Response {
    file("index.html", &headers)
}

/// A file of the client by its path. Another path without an extension
/// gets the page with status 404, so that the client says there is no
/// such page; a missing file gets a plain 404.
pub async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if Assets::get(path).is_some() {
        return file(path, &headers);
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    if last.contains('.') {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    }
    let mut page = file("index.html", &HeaderMap::new());
    *page.status_mut() = StatusCode::NOT_FOUND;
    page
}

/// The page's security policy: nothing from other origins (the client
/// ships its fonts, pictures and sounds), sockets to this server only.
const CSP: &str = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; \
                   style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(found) = Assets::get(path) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    // The content hash is the ETag: a reload revalidates in one round trip.
    let etag = format!(
        "\"{}\"",
        found
            .metadata
            .sha256_hash()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag);
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Response::new(match found.data {
            std::borrow::Cow::Borrowed(bytes) => Body::from(bytes),
            std::borrow::Cow::Owned(bytes) => Body::from(bytes),
        })
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    response
}
