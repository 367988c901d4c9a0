//! The app's entry point: mounts the table on the page.

fn main() {
    #[cfg(target_arch = "wasm32")]
    yew::Renderer::<mulino_app::App>::new().render();
}
