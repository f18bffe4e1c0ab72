// expected-no-diagnostics
// Block 4 of "Using Tiles" in place of block 2's kernel, completed for a 2x2
// tile: exactly one thread updates the tile_static `total` between barriers, so
// there is no race (the page notes this does not scale). Prints the same
// averages as block 2.
#include <iostream>
#include <amp.h>
using namespace concurrency;

#define SAMPLESIZE 2
#define MATRIXSIZE 8
int main() {
    std::vector<float> rawData;
    for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) {
        rawData.push_back((float)i);
    }
    extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
    array_view<float, 2> matrix(dataExtent, rawData);
    std::vector<float> outputData;
    int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int j = 0; j < outputSize * outputSize; j++) {
        outputData.push_back((float)0);
    }
    extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
    array<float, 2> averages(outputExtent, outputData.begin(), outputData.end());
    parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
         [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
        tile_static float total;
        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
            total = matrix[t_idx];
        }
        t_idx.barrier.wait();

        if (t_idx.local[0] == 0 && t_idx.local[1] == 1) {
            total += matrix[t_idx];
        }
        t_idx.barrier.wait();

        if (t_idx.local[0] == 1 && t_idx.local[1] == 0) {
            total += matrix[t_idx];
        }
        t_idx.barrier.wait();

        if (t_idx.local[0] == 1 && t_idx.local[1] == 1) {
            total += matrix[t_idx];
        }
        t_idx.barrier.wait();

        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
            averages(t_idx.tile[0],t_idx.tile[1]) = total / (float) (SAMPLESIZE * SAMPLESIZE);
        }
    });
    outputData = averages;
    for (int row = 0; row < outputSize; row++) {
        for (int col = 0; col < outputSize; col++) {
            std::cout << outputData[row*outputSize + col] << " ";
        }
        std::cout << "\n";
    }
}
