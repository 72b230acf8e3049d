/// The images of this target are checked by LiveAssets' build plugin during `swift build`.
public enum Widgets {}
