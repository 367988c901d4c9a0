#![doc = include_str!("../README.md")]

pub mod data;
pub mod exclude;
pub mod fit;
pub mod games;
pub mod model;
pub mod provenance;
pub mod record;
pub mod rng;
pub mod tables;
pub mod train;
