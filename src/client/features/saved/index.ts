/** Saved searches and favourites: the page, and the buttons browse and listings show. */
export { FavouriteButton } from './favourite-button';
export { SaveSearchButton } from './save-search-button';
