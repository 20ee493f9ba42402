// Everything, by concern (each folder is also an entry point of its own: `@chatmark/core/model`, ...).
export * from './model/index.js'
export * from './read/index.js'
export * from './unpack/index.js'
export * from './detect/index.js'
export * from './render/index.js'
export * from './write/index.js'
