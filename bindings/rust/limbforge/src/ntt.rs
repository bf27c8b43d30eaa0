//! ntt
