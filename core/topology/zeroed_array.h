#pragma once
// A fixed-size array of zeros for per-cage counters. calloc hands a large block out as fresh pages the
// system has already zeroed, so the array costs no fill pass of its own (a std::vector would write every
// element before the counting starts).
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace fp {

template <typename T>
class ZeroedArray {
    static_assert(std::is_trivial_v<T>, "zero bytes must be a valid T");

public:
    explicit ZeroedArray(std::size_t n) : data_(static_cast<T*>(std::calloc(n ? n : 1, sizeof(T))))
    {
        if (!data_) throw std::bad_alloc();
    }
    T& operator[](std::size_t i) { return data_.get()[i]; }
    const T& operator[](std::size_t i) const { return data_.get()[i]; }

private:
    struct Free {
        void operator()(T* p) const { std::free(p); }
    };
    std::unique_ptr<T, Free> data_;
};

} // namespace fp
