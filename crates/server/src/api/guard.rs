//! What stands in front of the API: rate limits per address and per
//! token (429 with `Retry-After`), and the origin check that refuses
//! cross-origin browser requests unless configured.

use crate::context::Context;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A token bucket.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn full(burst: u32) -> Bucket {
        Bucket {
            tokens: burst as f64,
            at: Instant::now(),
        }
    }

    /// Takes one token; on refusal, the seconds until one is back.
    pub fn take(&mut self, rate: u32, burst: u32) -> Result<(), u64> {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + elapsed * rate as f64).min(burst as f64);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - self.tokens) / rate.max(1) as f64).ceil() as u64)
        }
    }
}

/// Buckets by key (an address, a token).
pub struct RateLimiter<K> {
    buckets: Mutex<HashMap<K, Bucket>>,
    rate: u32,
    burst: u32,
}

/// Keys kept before idle full buckets are forgotten.
const KEYS_KEPT: usize = 10_000;

impl<K: std::hash::Hash + Eq> RateLimiter<K> {
    /// `rate` a second, `burst` at once; a rate of 0 limits nothing.
    pub fn new(rate: u32, burst: u32) -> RateLimiter<K> {
        RateLimiter {
            buckets: Mutex::new(HashMap::new()),
            rate,
            burst: burst.max(1),
        }
    }

    /// Counts a request of `key`; `Err(seconds)` when over the limit.
    pub fn check(&self, key: K) -> Result<(), u64> {
        if self.rate == 0 {
            return Ok(());
        }
        let mut buckets = self.buckets.lock().expect("rate limiter lock");
        if buckets.len() > KEYS_KEPT {
            let (rate, burst) = (self.rate, self.burst);
            buckets.retain(|_, b| {
                let idle = b.at.elapsed().as_secs_f64() * rate as f64 + b.tokens;
                idle < burst as f64
            });
        }
        let (rate, burst) = (self.rate, self.burst);
        buckets
            .entry(key)
            .or_insert_with(|| Bucket::full(burst))
            .take(rate, burst)
    }
}

/// The limits in force.
pub struct Guard {
    /// Per client address.
    pub addresses: RateLimiter<IpAddr>,
    /// Per seat token.
    pub tokens: RateLimiter<String>,
    /// Origins allowed besides the server's own.
    pub origins: Vec<String>,
}

/// The token of an `Authorization: Bearer` header.
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ")?.trim();
    (!token.is_empty() && token.len() <= 128).then(|| token.to_string())
}

/// Whether the request's `Origin` (if any) may use the API: the
/// server's own origin, or one configured.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        // Not a browser's cross-site request: scripts and bots.
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let own = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        == Some(host);
    if own || allowed.iter().any(|a| a == "*" || a == origin) {
        Ok(())
    } else {
        Err(ApiError::Origin(origin.chars().take(100).collect()))
    }
}

/// The middleware of every `/api` route.
pub async fn guard(
    State(ctx): State<Arc<Context>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let guard = &ctx.guard;
    if let Err(e) = origin_allowed(request.headers(), &guard.origins) {
        return e.into_response();
    }
    if let Err(secs) = guard.addresses.check(peer.ip()) {
        return ApiError::RateLimited(secs).into_response();
    }
    if let Some(token) = bearer(request.headers())
        && let Err(secs) = guard.tokens.check(token)
    {
        return ApiError::RateLimited(secs).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_refuse_past_the_burst() {
        let limiter = RateLimiter::new(1, 3);
        for _ in 0..3 {
            assert!(limiter.check(1).is_ok());
        }
        assert_eq!(limiter.check(1), Err(1));
        assert!(limiter.check(2).is_ok());
        assert!(RateLimiter::new(0, 0).check(1).is_ok());
    }
}
