//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod czech_ref;
