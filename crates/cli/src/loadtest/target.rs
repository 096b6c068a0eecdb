//! The server under load: `tetrarch serve` child processes (one on a fresh
//! SQLite file, or several nodes on one PostgreSQL database), so their CPU
//! and memory are measured apart from the load generator's, or a server
//! somebody else started at a given URL.

use super::usage::{self, Usage};
use anyhow::{Context, Result, bail};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server the load goes to.
pub struct Target {
    /// Where it listens (the first node).
    pub addr: SocketAddr,
    /// Where every node listens.
    pub addrs: Vec<SocketAddr>,
    /// Its processes, when their use can be measured.
    pub pids: Vec<u32>,
    children: Vec<Child>,
    dir: Option<PathBuf>,
}

/// A free loopback address.
fn free_addr() -> Result<SocketAddr> {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .context("finding a free port")?
        .port();
    Ok(SocketAddr::from(([127, 0, 0, 1], port)))
}

impl Target {
    /// Starts `nodes` of this binary's `serve` on free loopback ports, on
    /// `db` or a new SQLite file in a temporary directory, with no API rate
    /// limit (the load creates games and upgrades sockets from a few
    /// addresses; the limit's own cost stays, a request still passes
    /// through it).
    pub fn spawn(log: &str, db: Option<&str>, nodes: usize) -> Result<Target> {
        let dir = std::env::temp_dir().join(format!("tetrarch-loadtest-{}", std::process::id()));
        let db = match db {
            Some(db) => db.to_string(),
            None => {
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
                format!("sqlite://{}", dir.join("loadtest.db").display())
            }
        };
        let exe = std::env::current_exe().context("finding the tetrarch binary")?;
        let mut target = Target {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            addrs: Vec::new(),
            pids: Vec::new(),
            children: Vec::new(),
            dir: Some(dir),
        };
        for _ in 0..nodes.max(1) {
            let addr = free_addr()?;
            let child = Command::new(&exe)
                .args(["serve", "--listen", &addr.to_string(), "--db", &db])
                .args(["--log", log, "--http-rate", "0"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .spawn()
                .context("starting tetrarch serve")?;
            target.addrs.push(addr);
            target.pids.push(child.id());
            target.children.push(child);
        }
        target.addr = target.addrs[0];
        Ok(target)
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
            addrs: vec![addr],
            pids: pid.into_iter().collect(),
            children: Vec::new(),
            dir: None,
        })
    }

    /// The server's base URL.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Waits until every node's `/healthz` answers, or fails when a child
    /// exits or the time runs out.
    pub async fn ready(&mut self, http: &reqwest::Client, within: Duration) -> Result<()> {
        for i in 0..self.addrs.len() {
            self.node_ready(http, i, within).await?;
        }
        Ok(())
    }

    async fn node_ready(
        &mut self,
        http: &reqwest::Client,
        i: usize,
        within: Duration,
    ) -> Result<()> {
        let deadline = Instant::now() + within;
        let url = format!("http://{}/healthz", self.addrs[i]);
        loop {
            if let Some(child) = self.children.get_mut(i)
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

    /// The servers' CPU time and resident memory now, summed over the
    /// nodes, if they are measured.
    pub fn usage(&self) -> Result<Option<Usage>> {
        let mut total: Option<Usage> = None;
        for &pid in &self.pids {
            let u = usage::read(Some(pid)).context("reading the server's /proc entry")?;
            total = Some(match total {
                Some(t) => Usage {
                    cpu: t.cpu + u.cpu,
                    rss_bytes: t.rss_bytes + u.rss_bytes,
                },
                None => u,
            });
        }
        Ok(total)
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        // SIGTERM lets them close sockets and their database as a user's
        // Ctrl-C would; a server that does not stop in time is killed.
        for child in &self.children {
            // SAFETY: kill only sends a signal to our own child's pid.
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
            }
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        for child in &mut self.children {
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
