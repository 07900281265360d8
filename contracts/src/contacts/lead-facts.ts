/** What a lead row knows beyond the contact's own fields (docs/product.md's lead CSV and the census layout). */
export interface LeadFacts {
  source: string | null
  sourceId: number | null
  operatingStatus: string | null
  numberOfDrivers: number | null
  entityType: string | null
  cargoCarried: string | null
  carrierOperations: string | null
  operationClassification: string | null
  mailingAddress: { street1: string | null; city: string | null; state: string | null; zip: string | null } | null
  dateEntered: string | null
  /** The census' MCS-150 date: when the carrier last updated its registration (YYYY-MM-DD). */
  mcs150Date?: string | null
}
