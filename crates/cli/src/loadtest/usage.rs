//! What a process has used so far, read from Linux's `/proc`: CPU time
//! (user and system) and resident memory.

use std::time::Duration;

/// Clock ticks per second, the unit of the times in `/proc/PID/stat`.
fn ticks_per_second() -> u64 {
    // SAFETY: sysconf only reads a configuration value; it has no
    // preconditions and touches no memory of ours.
    #[allow(unsafe_code)]
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    u64::try_from(ticks).ok().filter(|&t| t > 0).unwrap_or(100)
}

/// One reading of a process's resource use.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// User plus system CPU time consumed since the process started.
    pub cpu: Duration,
    /// Resident set size in bytes.
    pub rss_bytes: u64,
}

/// Reads the use of process `pid` (`None`: this process).
pub fn read(pid: Option<u32>) -> std::io::Result<Usage> {
    let dir = match pid {
        Some(pid) => format!("/proc/{pid}"),
        None => "/proc/self".to_owned(),
    };
    let stat = std::fs::read_to_string(format!("{dir}/stat"))?;
    let status = std::fs::read_to_string(format!("{dir}/status"))?;
    let cpu = cpu_of_stat(&stat).ok_or_else(|| malformed(&dir, "stat"))?;
    let rss_bytes = rss_of_status(&status).ok_or_else(|| malformed(&dir, "status"))?;
    Ok(Usage { cpu, rss_bytes })
}

fn malformed(dir: &str, file: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("{dir}/{file} is not in the format Linux writes"),
    )
}

/// utime + stime (fields 14 and 15) of a `/proc/PID/stat` line. The command
/// name (field 2) is in parentheses and may hold spaces, so fields are
/// counted after its closing parenthesis.
fn cpu_of_stat(stat: &str) -> Option<Duration> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let mut fields = after_name.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    let ticks = utime + stime;
    Some(Duration::from_millis(ticks * 1000 / ticks_per_second()))
}

/// `VmRSS` of a `/proc/PID/status` file, in bytes.
fn rss_of_status(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_counts_fields_after_the_name() {
        let stat = "42 (a (weird) name) S 1 42 42 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 1 0";
        assert_eq!(cpu_of_stat(stat), Some(Duration::from_secs(3)));
    }

    #[test]
    fn resident_memory_in_bytes() {
        let status = "Name:\tx\nVmPeak:\t 9000 kB\nVmRSS:\t    1536 kB\n";
        assert_eq!(rss_of_status(status), Some(1536 * 1024));
    }

    #[test]
    fn this_process_can_be_read() {
        let usage = read(None).expect("/proc/self");
        assert!(usage.rss_bytes > 0);
    }
}
