//! What the command line says about a match, checked: the players
//! (`--engine level=N[,weights=FILE]` or
//! `--engine cmd=PATH,option.K=V,name=X`), the time
//! control (`--tc 10+0.1`) and the SPRT hypotheses (`--sprt elo0=0,elo1=10`).

use anyhow::{Result, anyhow, bail};
use std::path::PathBuf;
use std::time::Duration;
use tetrarch_engine::search::MAX_LEVEL;

/// Who plays.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineKind {
    /// Our own engine at a level, searched in this process.
    Level(u8),
    /// An external UCI engine and the options to set on it.
    Command {
        /// The program.
        path: PathBuf,
        /// `setoption` pairs, in the order given.
        options: Vec<(String, String)>,
    },
}

/// One `--engine` flag.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// Who plays.
    pub kind: EngineKind,
    /// The name for reports and PGN, if given.
    pub name: Option<String>,
    /// Our engine only: a weights file to evaluate with instead of the
    /// variant's own.
    pub weights: Option<PathBuf>,
}

/// Read an `--engine` value: comma-separated `key=value` pairs.
pub fn parse_engine(text: &str) -> Result<EngineSpec> {
    parse_engine_pairs(text).map_err(|e| anyhow!("bad --engine '{text}': {e}"))
}

fn parse_engine_pairs(text: &str) -> Result<EngineSpec> {
    let (mut level, mut cmd, mut name, mut options) = (None, None, None, Vec::new());
    let mut weights = None;
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| anyhow!("'{pair}' is not key=value"))?;
        match key.trim() {
            "level" => level = Some(parse_level(value)?),
            "cmd" => cmd = Some(PathBuf::from(value)),
            "name" => name = Some(value.to_string()),
            "weights" => weights = Some(PathBuf::from(value)),
            k if k.starts_with("option.") && k.len() > 7 => {
                options.push((k[7..].to_string(), value.to_string()))
            }
            k => bail!("unknown key '{k}' (expected level, weights, cmd, name or option.NAME)"),
        }
    }
    let kind = match (level, cmd) {
        (Some(_), Some(_)) => bail!("give either level= or cmd=, not both"),
        (None, None) => bail!("give level=1..{MAX_LEVEL} or cmd=PATH"),
        (Some(_), None) if !options.is_empty() => bail!("options apply to cmd= engines only"),
        (None, Some(_)) if weights.is_some() => bail!("weights apply to level= engines only"),
        (Some(l), None) => EngineKind::Level(l),
        (None, Some(path)) => EngineKind::Command { path, options },
    };
    Ok(EngineSpec {
        kind,
        name,
        weights,
    })
}

fn parse_level(value: &str) -> Result<u8> {
    match value.trim().parse::<u8>() {
        Ok(l) if (1..=MAX_LEVEL).contains(&l) => Ok(l),
        _ => bail!("level '{value}' is not 1..{MAX_LEVEL}"),
    }
}

/// A time control: base time plus an increment per move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Added after each move.
    pub inc: Duration,
}

/// Read `--tc`: `SECONDS` or `SECONDS+INCREMENT`.
pub fn parse_tc(text: &str) -> Result<TimeControl> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .map(Duration::from_secs_f64)
    };
    match (secs(base), secs(inc)) {
        (Some(base), Some(inc)) if !base.is_zero() => Ok(TimeControl { base, inc }),
        _ => bail!("bad --tc '{text}': expected SECONDS+INCREMENT like 10+0.1"),
    }
}

/// SPRT hypotheses (Elo) and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// Read `--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05` (alpha and beta default to 0.05).
pub fn parse_sprt(text: &str) -> Result<Sprt> {
    let mut s = Sprt {
        elo0: f64::NAN,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
    };
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| anyhow!("bad --sprt '{text}': '{pair}' is not key=value"))?;
        let v: f64 = value
            .trim()
            .parse()
            .map_err(|_| anyhow!("bad --sprt '{text}': '{value}' is not a number"))?;
        match key.trim() {
            "elo0" => s.elo0 = v,
            "elo1" => s.elo1 = v,
            "alpha" => s.alpha = v,
            "beta" => s.beta = v,
            k => bail!("bad --sprt '{text}': unknown key '{k}'"),
        }
    }
    let rate = |x: f64| x > 0.0 && x < 0.5;
    if !(s.elo0.is_finite() && s.elo1.is_finite() && s.elo1 > s.elo0) {
        bail!("bad --sprt '{text}': need elo0 < elo1");
    }
    if !rate(s.alpha) || !rate(s.beta) {
        bail!("bad --sprt '{text}': alpha and beta must be in (0, 0.5)");
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_parse_and_bad_ones_say_why() {
        assert_eq!(parse_engine("level=3").unwrap().kind, EngineKind::Level(3));
        let sf = parse_engine("cmd=/x/sf,option.UCI_Elo=1500,name=sf").unwrap();
        assert_eq!(sf.name.as_deref(), Some("sf"));
        let EngineKind::Command { options, .. } = sf.kind else {
            panic!("a command")
        };
        assert_eq!(options, [("UCI_Elo".to_string(), "1500".to_string())]);
        let tuned = parse_engine("level=8,weights=eval/x.toml").unwrap();
        assert_eq!(tuned.weights, Some(PathBuf::from("eval/x.toml")));
        for (bad, why) in [
            ("level=9", "not 1..8"),
            ("lvl=3", "unknown key 'lvl'"),
            ("level=2,cmd=x", "not both"),
            ("name=x", "give level="),
            ("level", "not key=value"),
            (
                "cmd=x,weights=w.toml",
                "weights apply to level= engines only",
            ),
        ] {
            let e = parse_engine(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn time_controls_and_sprt_parse() {
        let tc = parse_tc("10+0.1").unwrap();
        assert_eq!((tc.base.as_millis(), tc.inc.as_millis()), (10_000, 100));
        assert_eq!(parse_tc("5").unwrap().inc, Duration::ZERO);
        assert!(parse_tc("x+1").is_err() && parse_tc("0+1").is_err());
        let s = parse_sprt("elo0=0,elo1=10").unwrap();
        assert_eq!((s.elo1, s.alpha), (10.0, 0.05));
        assert!(parse_sprt("elo0=5,elo1=0").is_err());
    }
}
