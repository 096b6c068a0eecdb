//! The server's settings (the `tetrarch serve` flags fill them in).

/// Limits that protect the server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// API requests a second per address and per token (0: no limit).
    pub http_per_sec: u32,
    /// Requests allowed in a burst.
    pub http_burst: u32,
    /// WebSocket messages a second per connection.
    pub ws_per_sec: u32,
    /// Messages allowed in a burst.
    pub ws_burst: u32,
    /// Messages refused for rate in a row before the socket is closed.
    pub ws_flood_strikes: u32,
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Largest WebSocket message answered (larger ones get an error).
    pub frame_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            http_per_sec: 20,
            http_burst: 100,
            ws_per_sec: 20,
            ws_burst: 40,
            ws_flood_strikes: 20,
            body_bytes: 16 * 1024,
            frame_bytes: 8 * 1024,
        }
    }
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address and port to listen on (`127.0.0.1:8080`; port 0: any).
    pub listen: String,
    /// Database URL: `sqlite://PATH` or `postgres://...`.
    pub db: String,
    /// Threads for bots' searches.
    pub bot_threads: usize,
    /// Origins allowed to call the API from a browser besides the
    /// server's own (`*`: any).
    pub allowed_origins: Vec<String>,
    /// Protective limits.
    pub limits: Limits,
    /// Connections to the database at most (PostgreSQL; SQLite uses 8).
    pub db_connections: u32,
    /// How long a node's hold on its games lasts without renewal (cluster
    /// mode, PostgreSQL): a dead node's games move after about this long.
    pub lease: std::time::Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: "127.0.0.1:8080".into(),
            db: "sqlite://tetrarch.db".into(),
            bot_threads: 1,
            allowed_origins: Vec::new(),
            limits: Limits::default(),
            db_connections: 16,
            lease: std::time::Duration::from_secs(5),
        }
    }
}
