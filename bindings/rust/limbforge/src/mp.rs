//! mp
