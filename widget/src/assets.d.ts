// The window's stylesheet is bundled by webpack's CSS loaders: importing it adds its rules.
declare module '*.css';
