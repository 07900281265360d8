/**
 * The FMCSA motor carrier census' codes as people read them (the census file's data dictionary): its carrier
 * operation letter, its operation classification flags and its cargo flags.
 */

export const carrierOperations: Record<string, string> = {
  A: 'Interstate',
  B: 'Intrastate Hazmat',
  C: 'Intrastate Non-Hazmat',
}

/** Operation classification: one flag column each. */
export const operationClassifications: [column: string, label: string][] = [
  ['authorized_for_hire', 'Authorized For Hire'],
  ['exempt_for_hire', 'Exempt For Hire'],
  ['private_only', 'Private (Property)'],
  ['private_property', 'Private (Property)'],
  ['private_passenger_business', 'Private Passengers (Business)'],
  ['private_passenger_nonbusiness', 'Private Passengers (Non-Business)'],
  ['migrant', 'Migrant'],
  ['us_mail', 'U.S. Mail'],
  ['federal_government', 'Federal Government'],
  ['state_government', 'State Government'],
  ['local_government', 'Local Government'],
  ['indian_tribe', 'Indian Tribe'],
  ['op_other', 'Other'],
]

/** Cargo carried: one flag column each (`crgo_*`), plus the hazmat and passenger carrier flags. */
export const cargoClassifications: [column: string, label: string][] = [
  ['crgo_genfreight', 'General Freight'],
  ['crgo_household', 'Household Goods'],
  ['crgo_metalsheet', 'Metal: Sheets, Coils, Rolls'],
  ['crgo_motoveh', 'Motor Vehicles'],
  ['crgo_drivetow', 'Drive/Tow Away'],
  ['crgo_logpole', 'Logs, Poles, Beams, Lumber'],
  ['crgo_bldgmat', 'Building Materials'],
  ['crgo_mobilehome', 'Mobile Homes'],
  ['crgo_machlrg', 'Machinery, Large Objects'],
  ['crgo_produce', 'Fresh Produce'],
  ['crgo_liqgas', 'Liquids/Gases'],
  ['crgo_intermodal', 'Intermodal Containers'],
  ['crgo_passengers', 'Passengers'],
  ['crgo_oilfield', 'Oilfield Equipment'],
  ['crgo_livestock', 'Livestock'],
  ['crgo_grainfeed', 'Grain, Feed, Hay'],
  ['crgo_coalcoke', 'Coal/Coke'],
  ['crgo_meat', 'Meat'],
  ['crgo_garbage', 'Garbage/Refuse'],
  ['crgo_usmail', 'U.S. Mail'],
  ['crgo_chem', 'Chemicals'],
  ['crgo_drybulk', 'Commodities Dry Bulk'],
  ['crgo_coldfood', 'Refrigerated Food'],
  ['crgo_beverages', 'Beverages'],
  ['crgo_paperprod', 'Paper Products'],
  ['crgo_utility', 'Utilities'],
  ['crgo_farmsupp', 'Agricultural/Farm Supplies'],
  ['crgo_construct', 'Construction'],
  ['crgo_waterwell', 'Water Well'],
  ['crgo_cargoothr', 'Other'],
  ['hm_flag', 'Hazardous Materials'],
  ['pc_flag', 'Passenger Carrier'],
]

/** The census marks a flag with X, Y, True or 1; blank, N, False or 0 mean no. */
export const flagSet = (value: string | undefined): boolean => /^(x|y|yes|true|1)$/i.test(value?.trim() ?? '')

/** The labels of the flags set in a row, distinct, joined for reading ("General Freight, Building Materials"). */
export function labelsOf(
  record: Record<string, string | undefined>,
  flags: [string, string][],
  max: number,
): string | null {
  const labels = [...new Set(flags.filter(([column]) => flagSet(record[column])).map(([, label]) => label))]
  return labels.length > 0 ? labels.join(', ').slice(0, max) : null
}
