//! `tetrarch variants`: the built-in variants, or the details of one
//! (which also checks a user's variant file, start position included).
//! What every family shares comes from the variant's view; the rest (the
//! chess family's start position, pieces and rules) from its details.

use crate::options;
use anyhow::Result;
use std::path::PathBuf;
use tetrarch_rules::AnyVariant;
use tetrarch_rules::variant::{Nation, builtin_nation_ids};

/// Arguments of `tetrarch variants`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Describe this built-in variant instead of listing them all.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// Check and describe a variant definition in TOML.
    #[arg(long, value_name = "PATH", conflicts_with = "variant")]
    variant_file: Option<PathBuf>,
    /// List the built-in European Chess nations (id, era, power) instead.
    #[arg(long, conflicts_with_all = ["variant", "variant_file"])]
    nations: bool,
}

/// Run `tetrarch variants`.
pub fn run(args: &Args) -> Result<()> {
    let variant = match (&args.variant, &args.variant_file) {
        (_, Some(path)) => AnyVariant::from_file(path)?,
        (Some(name), None) => AnyVariant::builtin(name)?,
        (None, None) if args.nations => return nations(),
        (None, None) => return list(),
    };
    // The rules compile and the start position reads.
    options::game(&variant, None)?;
    for (key, value) in describe(&variant) {
        println!("{key:<12} {value}");
    }
    Ok(())
}

/// One line per built-in variant: its name and description.
fn list() -> Result<()> {
    let names: Vec<&str> = AnyVariant::builtin_names().collect();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for name in names {
        let v = AnyVariant::builtin(name)?;
        println!("{name:width$}  {}", v.description());
    }
    Ok(())
}

/// One line per built-in nation: id, era and its power in a line.
fn nations() -> Result<()> {
    let nations = builtin_nation_ids()
        .map(Nation::builtin)
        .collect::<Result<Vec<_>, _>>()?;
    let id = nations.iter().map(|n| n.id.len()).max().unwrap_or(0);
    let era = nations.iter().map(|n| n.era.len()).max().unwrap_or(0);
    for n in nations {
        println!("{:id$}  {:era$}  {}", n.id, n.era, n.power);
    }
    Ok(())
}

/// `(key, value)` lines: name, description, origin, board and seats, then
/// the family's details.
fn describe(v: &AnyVariant) -> Vec<(String, String)> {
    let view = v.view();
    let cells = usize::from(view.width) * usize::from(view.height) - view.holes.len();
    let seats: Vec<&str> = view.seats.iter().map(|s| s.name.as_str()).collect();
    let mut lines: Vec<(String, String)> = [
        ("name", view.name.clone()),
        ("description", view.description.clone()),
        ("origin", v.origin().to_string()),
        (
            "board",
            format!("{} x {}, {cells} squares", view.width, view.height),
        ),
        ("seats", seats.join(", ")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    lines.extend(v.details());
    lines
}
