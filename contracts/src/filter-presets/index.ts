export * from './presets'
