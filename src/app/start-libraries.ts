/**
 * The libraries every page needs before it can render, run on their own (src/main.tsx): importing this
 * module runs their code, React's included, in a task before the app's modules run theirs. The
 * re-exports keep the bundler from dropping what looks unused.
 */
export { RouterProvider } from '@tanstack/react-router'
export { configureStore } from '@reduxjs/toolkit'
export { StrictMode } from 'react'
export { Provider } from 'react-redux'
