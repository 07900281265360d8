export { buildCommandApp, commandApiRoutes, prepareCommandApi, type CommandApiDeps } from './app'
export { loadCommandApiConfig, type CommandApiConfig } from './config'
export { registerUser, type RegisterUserInput } from './users/register-user'
export { hashPassword } from './auth/passwords'
