export const savedKeys = {
  all: ['saved'] as const,
  searches: (search: string) => ['saved', 'searches', search] as const,
  favourites: (search: string) => ['saved', 'favourites', search] as const,
};
