//! Empty on purpose: this crate exists for its Cargo.toml, which
//! cargo-hakari writes (see the root Cargo.toml and tests/it/sharing.rs).
