export * from './auth';
export * from './define-resource';
export * from './fields';
export * from './hierarchy';
export * from './list-params';
export * from './messages';
export * from './resources/index';
export * from './sensors';
