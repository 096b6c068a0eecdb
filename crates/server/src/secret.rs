//! Secrets: seat tokens, invite codes and game ids, their hashes, and a
//! comparison that takes the same time whatever the input.
//!
//! Storage keeps only SHA-256 hashes of tokens and codes, so a copy of the
//! database does not let anyone play a seat.

use sha2::{Digest, Sha256};

/// Random bytes from the operating system.
fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The OS generator fails only on a broken system; a server that
    // cannot make secrets must not hand out guessable ones.
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    bytes
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A seat token: 256 random bits as 64 hex digits.
pub fn token() -> String {
    hex(&random_bytes::<32>())
}

/// An invite code: 128 random bits as 32 hex digits.
pub fn invite_code() -> String {
    hex(&random_bytes::<16>())
}

/// A game id: 10 characters of `[0-9A-Za-z]` (about 59 bits), short
/// enough for a link; ids are not secrets (anyone may watch a game).
pub fn game_id() -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    random_bytes::<10>()
        .iter()
        .map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char)
        .collect()
}

/// A random 64-bit number (event-stream epochs, bot seeds).
pub fn random_u64() -> u64 {
    u64::from_le_bytes(random_bytes::<8>())
}

/// The stored form of a token or code.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Whether two strings are equal, in time that depends only on their
/// lengths (hashes have one length, so it leaks nothing).
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether `secret` hashes to `stored`.
pub fn matches(secret: &str, stored: &str) -> bool {
    same(&hash(secret), stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hash_check() {
        let (a, b) = (token(), token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert!(matches(&a, &hash(&a)));
        assert!(!matches(&b, &hash(&a)));
        assert!(!same("ab", "abc"));
        assert_eq!(game_id().len(), 10);
    }
}
