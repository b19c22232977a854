export * from './auth';
export * from './profiles';
export * from './listings';
export * from './system';
export * from './notifications';
export * from './fleet';
export * from './favourites';
export * from './saved-searches';
