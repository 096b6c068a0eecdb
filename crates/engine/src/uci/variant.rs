//! How a UCI engine is told which variant to play: for programs that drive
//! UCI engines (the match runner, the benchmarks), the inverse of how this
//! crate's UCI loop reads `UCI_Variant` and `UCI_Chess960`.

use tetrarch_rules::AnyVariant;

/// The variant UCI assumes when `UCI_Variant` is not set: what an engine
/// without that option plays.
pub const DEFAULT_VARIANT: &str = "chess";

/// The options that make a UCI engine play a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantOptions {
    /// The `UCI_Variant` value; `None` for [`DEFAULT_VARIANT`].
    pub uci_variant: Option<String>,
    /// Whether `UCI_Chess960` must be on (Fischer castling, numbered starts).
    pub chess960: bool,
}

/// The options for `variant`: a Fischer-castling variant is named as the
/// variant it is the Fischer form of, with `UCI_Chess960` on.
///
/// ```
/// use tetrarch_engine::uci::variant_options;
/// use tetrarch_rules::AnyVariant;
/// let c960 = variant_options(&AnyVariant::builtin("chess960").unwrap());
/// assert_eq!((c960.uci_variant, c960.chess960), (None, true));
/// let shogi = variant_options(&AnyVariant::builtin("euroshogi").unwrap());
/// assert_eq!((shogi.uci_variant.as_deref(), shogi.chess960), (Some("euroshogi"), false));
/// ```
pub fn variant_options(variant: &AnyVariant) -> VariantOptions {
    let base = variant.fischer_base();
    let name = base.as_ref().unwrap_or(variant).name();
    VariantOptions {
        uci_variant: (name != DEFAULT_VARIANT).then(|| name.to_string()),
        chess960: variant.view().numbered_starts.is_some(),
    }
}
