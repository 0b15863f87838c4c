export { actorOf, type Actor } from './actor'
export { anyone, nobody, roles, not, either, both, withTender, withSip, withOffice, impersonated, type Rule } from './rules'
export { inRowScope, rowShapeFor, type RowScope, type RowShape, type UserRef } from './scope'
