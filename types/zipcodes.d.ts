// The `zipcodes` package (US and Canadian zip codes with coordinates) ships no types.
declare module 'zipcodes' {
  interface ZipCodeInfo {
    zip: string
    latitude: number
    longitude: number
    city: string
    state: string
    country: string
  }
  export function lookup(zip: string | number): ZipCodeInfo | undefined
  /** Every zip code of the dataset by code. */
  export const codes: Record<string, ZipCodeInfo>
}
