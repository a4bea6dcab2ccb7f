import type { Action, Store, ThunkDispatch } from '@reduxjs/toolkit'
import { useDispatch, useSelector, useStore } from 'react-redux'

/**
 * The app's state as the features see it: each feature's slice file adds its own part here
 * (`declare module '@/lib/app-state' { interface AppState { cart: … } }`), so the typed hooks sit
 * below the features and the store that assembles them (src/app/store.ts) checks it holds every part.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each slice adds its part
export interface AppState {}

export type AppDispatch = ThunkDispatch<AppState, unknown, Action>
export type AppStoreLike = Store<AppState> & { dispatch: AppDispatch }

/** The only way components reach the store (the raw react-redux hooks are banned by lint). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<AppState>()
export const useAppStore = useStore.withTypes<AppStoreLike>()
