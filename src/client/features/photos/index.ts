/** Photos: how a stored photo is shown, and the uploader listings and posts share. */
export { ListingPhoto } from './listing-photo';
export { PhotoUploader, storedItem, type PhotoItem } from './photo-uploader';
