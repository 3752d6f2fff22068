// Unmounts what a test rendered, so the next one starts from an empty page.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
