export { ContactTimeTravel } from './contact-time-travel'
