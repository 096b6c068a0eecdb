//! The open-file limit (`RLIMIT_NOFILE`): every socket is a file, so a
//! server with many players, and the load test that plays them, raise it
//! at start as far as they are allowed.

/// A process's open-file limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileLimit {
    /// The limit that applies (the soft limit).
    pub soft: u64,
    /// How far the soft limit may be raised without privilege.
    pub hard: u64,
}

impl std::fmt::Display for FileLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (hard limit {})", self.soft, self.hard)
    }
}

/// The kernel's ceiling for any process's open files.
#[cfg(target_os = "linux")]
fn kernel_ceiling() -> Option<u64> {
    std::fs::read_to_string("/proc/sys/fs/nr_open")
        .ok()?
        .trim()
        .parse()
        .ok()
}

#[cfg(not(target_os = "linux"))]
fn kernel_ceiling() -> Option<u64> {
    None
}

fn get() -> std::io::Result<libc::rlimit> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct we pass, which lives on our
    // stack for the whole call.
    #[allow(unsafe_code)]
    let done = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    if done != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(limit)
}

fn set(soft: u64, hard: u64) -> bool {
    let limit = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    // SAFETY: setrlimit only reads the struct we pass, which lives on our
    // stack for the whole call.
    #[allow(unsafe_code)]
    let done = unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) };
    done == 0
}

/// Raises this process's open-file limit: the hard limit to the kernel's
/// ceiling (`/proc/sys/fs/nr_open`) when the process may (root, or
/// `CAP_SYS_RESOURCE`), then the soft limit to the hard one. Returns the
/// limits it ended with; children started afterwards inherit them.
pub fn raise_open_file_limit() -> std::io::Result<FileLimit> {
    let limit = get()?;
    let (soft, mut hard) = (limit.rlim_cur as u64, limit.rlim_max as u64);
    if let Some(ceiling) = kernel_ceiling()
        && ceiling > hard
        && set(soft, ceiling)
    {
        hard = ceiling;
    }
    if soft < hard {
        // Refused only if something else lowered the hard limit meanwhile.
        let _ = set(hard, hard);
    }
    let limit = get()?;
    Ok(FileLimit {
        soft: limit.rlim_cur as u64,
        hard: limit.rlim_max as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raising_never_lowers_and_reaches_the_hard_limit() {
        let before = get().expect("getrlimit");
        let after = raise_open_file_limit().expect("raise");
        assert!(after.soft >= before.rlim_cur as u64);
        assert!(after.hard >= before.rlim_max as u64);
        assert_eq!(
            after.soft, after.hard,
            "the soft limit stays below the hard one"
        );
    }
}
