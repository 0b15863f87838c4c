import { lazy } from 'react'

/**
 * The company card's sections past its requisites, fetched when a tab (or the client's /financials, /documents page)
 * first shows one: the card opens on the requisites, and its first load carries only them.
 */
export const FinancialsSection = lazy(() => import('./FinancialsSection').then(m => ({ default: m.FinancialsSection })))
export const DocumentsSection = lazy(() => import('./DocumentsSection').then(m => ({ default: m.DocumentsSection })))
export const PeopleSection = lazy(() => import('./PeopleSection').then(m => ({ default: m.PeopleSection })))
export const BankSection = lazy(() => import('./BankSection').then(m => ({ default: m.BankSection })))
export const SupportedAccountsSection = lazy(() => import('./BankSection').then(m => ({ default: m.SupportedAccountsSection })))
