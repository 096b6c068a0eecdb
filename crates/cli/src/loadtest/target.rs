//! The server under load: a `tetrarch serve` child process on a fresh
//! SQLite file (so its CPU and memory are measured apart from the load
//! generator's), or a server somebody else started at a given URL.

use super::usage::{self, Usage};
use anyhow::{Context, Result, bail};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server the load goes to.
pub struct Target {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its process id, when its use can be measured.
    pub pid: Option<u32>,
    child: Option<Child>,
    dir: Option<PathBuf>,
}

impl Target {
    /// Starts this binary's `serve` on a free loopback port and a new
    /// database file in a temporary directory, with no API rate limit (the
    /// load creates games and upgrades sockets from a few addresses; the
    /// limit's own cost stays, a request still passes through it).
    pub fn spawn(log: &str) -> Result<Target> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .context("finding a free port")?
            .port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let dir = std::env::temp_dir().join(format!("tetrarch-loadtest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let db = format!("sqlite://{}", dir.join("loadtest.db").display());
        let exe = std::env::current_exe().context("finding the tetrarch binary")?;
        let child = Command::new(exe)
            .args([
                "serve",
                "--listen",
                &addr.to_string(),
                "--db",
                &db,
                "--log",
                log,
                "--http-rate",
                "0",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .context("starting tetrarch serve")?;
        Ok(Target {
            addr,
            pid: Some(child.id()),
            child: Some(child),
            dir: Some(dir),
        })
    }

    /// A server already running at `url` (`http://HOST:PORT`), measured
    /// only if `pid` is given.
    pub fn at(url: &str, pid: Option<u32>) -> Result<Target> {
        let rest = url
            .strip_prefix("http://")
            .with_context(|| format!("--url {url}: expected http://HOST:PORT"))?;
        let host_port = rest.trim_end_matches('/');
        let addr = std::net::ToSocketAddrs::to_socket_addrs(host_port)
            .with_context(|| format!("--url {url}: not an address"))?
            .next()
            .with_context(|| format!("--url {url}: no address"))?;
        Ok(Target {
            addr,
            pid,
            child: None,
            dir: None,
        })
    }

    /// The server's base URL.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Waits until `/healthz` answers, or fails when the child exits or
    /// the time runs out.
    pub async fn ready(&mut self, http: &reqwest::Client, within: Duration) -> Result<()> {
        let deadline = Instant::now() + within;
        let url = format!("{}/healthz", self.base());
        loop {
            if let Some(child) = &mut self.child
                && let Some(status) = child.try_wait()?
            {
                bail!("tetrarch serve exited with {status} before it was ready");
            }
            if let Ok(r) = http.get(&url).send().await
                && r.status().is_success()
            {
                return Ok(());
            }
            if Instant::now() > deadline {
                bail!("{url} did not answer within {within:?}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The server's CPU time and resident memory now, if it is measured.
    pub fn usage(&self) -> Result<Option<Usage>> {
        self.pid
            .map(|pid| usage::read(Some(pid)).context("reading the server's /proc entry"))
            .transpose()
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            // SIGTERM lets it close sockets and its database as a user's
            // Ctrl-C would; a server that does not stop in time is killed.
            // SAFETY: kill only sends a signal to our own child's pid.
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
            }
            let deadline = Instant::now() + Duration::from_secs(10);
            while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}
