//! The compiled rules of a variant, made once per distinct definition and
//! bitboard width, shared by `Arc` while anything uses them and freed after.
//!
//! A [`Variant`] keeps what it compiled, so reading a FEN takes no lock
//! once its rules exist. The first compile of a definition goes through a
//! registry of weak links keyed by the definition's fingerprint, so two
//! loads of one file share one compiled copy.

use super::Variant;
use crate::attacks::HasSliders;
use crate::rules::Rules;
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};

type Erased = dyn Any + Send + Sync;

/// The bitboard widths, as slot indices.
const WIDTHS: usize = 3;

fn width_slot<B: HasSliders>() -> usize {
    match B::CELLS {
        0..=64 => 0,
        65..=128 => 1,
        _ => 2,
    }
}

/// How a variant holds its compiled rules: the variant a user holds owns
/// them; the copy inside the rules themselves links back weakly (owning
/// would make a cycle that is never freed).
enum Link {
    Strong(Arc<Erased>),
    Weak(Weak<Erased>),
}

/// Per width, the compiled rules of one variant. Clones of a variant share it.
#[derive(Clone, Default)]
pub(crate) struct Compiled(Arc<[OnceLock<Link>; WIDTHS]>);

impl std::fmt::Debug for Compiled {
    // Not part of the definition: the fingerprint hashes the Debug text.
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Ok(())
    }
}

/// Compiled rules by (fingerprint, bitboard width), weakly held.
type Registry = HashMap<(u64, usize), Weak<Erased>>;

fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

impl<B: HasSliders> Rules<B> {
    /// The compiled rules of `variant` at width `B`: compiled on the first
    /// call for the definition (or found, when another load of the same
    /// definition compiled them), then kept by the variant and its clones.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use tetrarch_rules::{Rules, Variant};
    /// let a = Variant::builtin("chess").unwrap();
    /// let b = Variant::builtin("chess").unwrap();
    /// assert!(Arc::ptr_eq(&Rules::<u64>::of(&a), &Rules::<u64>::of(&b)));
    /// ```
    pub fn of(variant: &Variant) -> Arc<Rules<B>> {
        let slot = &variant.compiled.0[width_slot::<B>()];
        if let Some(rules) = slot.get().and_then(upgrade::<B>) {
            return rules;
        }
        let rules = Self::registered(variant);
        // A racing thread may have filled the slot with the same rules.
        let _ = slot.set(Link::Strong(rules.clone()));
        rules
    }

    /// The registry's rules for the definition, compiled if none are alive.
    fn registered(variant: &Variant) -> Arc<Rules<B>> {
        let key = (variant.fingerprint, width_slot::<B>());
        let mut registry = registry().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(rules) = registry.get(&key).and_then(Weak::upgrade)
            && let Ok(rules) = rules.downcast::<Rules<B>>()
        {
            return rules;
        }
        registry.retain(|_, weak| weak.strong_count() > 0);
        let rules = Arc::new_cyclic(|me: &Weak<Rules<B>>| {
            let mut own = variant.clone();
            let link: Weak<Erased> = me.clone();
            let slots: [OnceLock<Link>; WIDTHS] = Default::default();
            let _ = slots[width_slot::<B>()].set(Link::Weak(link));
            own.compiled = Compiled(Arc::new(slots));
            Rules::new(own)
        });
        let erased: Arc<Erased> = rules.clone();
        registry.insert(key, Arc::downgrade(&erased));
        rules
    }
}

fn upgrade<B: HasSliders>(link: &Link) -> Option<Arc<Rules<B>>> {
    let any = match link {
        Link::Strong(arc) => arc.clone(),
        Link::Weak(weak) => weak.upgrade()?,
    };
    any.downcast::<Rules<B>>().ok()
}

/// How many compiled rules are alive in the process (for tests that check
/// that loading variants does not grow memory without bound).
pub fn live_compiled_rules() -> usize {
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    registry.values().filter(|w| w.strong_count() > 0).count()
}
