export { generateContactEvents, journeyDays, journeySource, GENERATED_BY } from './generate-contact-events'
